import { type ComboboxItem, type MultiSelect as MantineMultiSelect, type MultiSelectProps, Pill, PillsInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { Chevron, type Intent, useSelectIntent, useTakeOver } from './select-intent';

type LookAlikeMultiSelectProps = Pick<
  MultiSelectProps,
  'label' | 'description' | 'error' | 'placeholder' | 'required' | 'disabled' | 'searchable' | 'nothingFoundMessage' | 'w' | 'onBlur' | 'ref'
> & {
  data: readonly ComboboxItem[];
  value: string[];
  onChange: (value: string[]) => void;
};

/**
 * Mantine's MultiSelect on the terms of LookAlikeSelect (see there). The look-alike is Mantine's own pills input
 * (no floating-ui): the chosen values show as the same pills, and a pill's remove button works at once.
 */
export function LookAlikeMultiSelect(props: LookAlikeMultiSelectProps) {
  const { label, description, error, placeholder, required, disabled, searchable, w, data, value, onChange, onBlur, ref } = props;
  const { selects, intent, lookAlikeProps } = useSelectIntent({ searchable, onBlur });
  const id = useId();
  if (selects) return <RealMultiSelect {...props} MultiSelect={selects.MultiSelect} intent={intent} />;
  return (
    <PillsInput
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      disabled={disabled}
      w={w}
      pointer={!searchable}
      rightSection={<Chevron error={Boolean(error)} />}
      rightSectionPointerEvents="none"
    >
      <Pill.Group disabled={disabled}>
        {value.map((item) => (
          <Pill
            key={item}
            withRemoveButton
            onRemove={() => {
              onChange(value.filter((other) => other !== item));
            }}
          >
            {data.find((option) => option.value === item)?.label ?? item}
          </Pill>
        ))}
        <PillsInput.Field {...lookAlikeProps} ref={ref} id={id} placeholder={placeholder} value={intent?.typed ?? ''} pointer={!searchable} />
      </Pill.Group>
    </PillsInput>
  );
}

function RealMultiSelect({
  MultiSelect,
  intent,
  ref,
  ...props
}: LookAlikeMultiSelectProps & { MultiSelect: typeof MantineMultiSelect; intent: Intent | null }) {
  const takeOver = useTakeOver(intent, ref);
  return <MultiSelect {...props} ref={takeOver} />;
}
