import { type ComboboxItem, Input, type MultiSelect as MantineMultiSelect, type MultiSelectProps, Pill, PillsInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { Chevron, type Intent, type LookAlikeFieldProp, useSelectIntent, useTakeOver } from './select-intent';

type LookAlikeMultiSelectProps = Pick<MultiSelectProps, LookAlikeFieldProp | 'clearable' | 'mt'> & {
  data: readonly ComboboxItem[];
  value: string[];
  onChange: (value: string[]) => void;
};

/** How far Mantine's MultiSelect keeps its pills from a clear button (its own figure, size sm). */
const CLEAR_SECTION_OFFSET = 50;

/**
 * Mantine's MultiSelect on the terms of LookAlikeSelect (see there). The look-alike is Mantine's own pills input
 * (no floating-ui): the chosen values show as the same pills, and a pill's remove button works at once, as does
 * the clear button of a clearable one (drawn as MultiSelect draws it: beside the chevron, mouse only).
 */
export function LookAlikeMultiSelect(props: LookAlikeMultiSelectProps) {
  const { label, description, error, placeholder, required, disabled, searchable, clearable, w, mt, data, value, onChange, onBlur, ref } = props;
  const { selects, intent, lookAlikeProps, clearTyped } = useSelectIntent({ searchable, onBlur });
  const id = useId();
  if (selects) return <RealMultiSelect {...props} MultiSelect={selects.MultiSelect} intent={intent} />;
  const showsClear = Boolean(clearable) && value.length > 0 && !disabled;
  return (
    <PillsInput
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      disabled={disabled}
      w={w}
      mt={mt}
      pointer={!searchable}
      __defaultRightSection={<Chevron error={Boolean(error)} />}
      __clearSection={
        <Input.ClearButton
          tabIndex={-1}
          aria-hidden
          onMouseDown={(event) => {
            event.preventDefault();
          }}
          onClick={() => {
            onChange([]);
            clearTyped();
          }}
        />
      }
      __clearable={showsClear}
      rightSectionPointerEvents="none"
    >
      <Pill.Group disabled={disabled} style={showsClear ? { paddingInlineEnd: CLEAR_SECTION_OFFSET } : undefined}>
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
