import { type ComboboxItem, type ComboboxItemGroup, type Select as MantineSelect, type SelectProps, TextInput } from '@mantine/core';
import { Chevron, type Intent, type LookAlikeFieldProp, useSelectIntent, useTakeOver } from './select-intent';

type SelectData = readonly (ComboboxItem | ComboboxItemGroup<ComboboxItem>)[];

// Beyond the shared ones, what only a Select has (or what matters only once the real Select is here).
type LookAlikeSelectProps = Pick<SelectProps, LookAlikeFieldProp | 'allowDeselect' | 'searchValue' | 'onSearchChange' | 'comboboxProps'> & {
  data: SelectData;
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * Mantine's Select, fetched when the user first reaches for a pick field (its chunk brings floating-ui and the
 * Combobox, too much for a page's first render). Until it is here a read-only text field takes its place: same
 * label, accessible name and role, the chosen option's label or the placeholder, description and error, same
 * size. A press, a focus or a touch fetches the Select (a mere hover does not); it then replaces every look-alike
 * in one render, takes the focus and what was typed, and opens if it was clicked or asked to open by key.
 */
export function LookAlikeSelect(props: LookAlikeSelectProps) {
  const { label, description, error, placeholder, required, disabled, searchable, w, data, value, onBlur, ref } = props;
  const { selects, intent, lookAlikeProps } = useSelectIntent({ searchable, onBlur });
  if (selects) return <RealSelect {...props} Select={selects.Select} intent={intent} />;
  return (
    <TextInput
      {...lookAlikeProps}
      ref={ref}
      label={label}
      description={description}
      error={error}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      w={w}
      value={intent?.typed ?? optionLabel(data, value)}
      pointer={!searchable}
      rightSection={<Chevron error={Boolean(error)} />}
      rightSectionPointerEvents="none"
    />
  );
}

// Drawn in the look-alike's place: it takes over the look-alike's focus and the user's gesture (useTakeOver).
function RealSelect({ Select, intent, ref, ...props }: LookAlikeSelectProps & { Select: typeof MantineSelect; intent: Intent | null }) {
  const takeOver = useTakeOver(intent, ref);
  return <Select {...props} ref={takeOver} />;
}

function optionLabel(data: SelectData, value: string | null): string {
  for (const entry of data) {
    const found = 'group' in entry ? entry.items.find((item) => item.value === value) : entry.value === value ? entry : undefined;
    if (found) return found.label;
  }
  return '';
}
