import { type ComponentPropsWithRef, useId } from 'react';
import classes from './segmented-radios.module.css';

interface SegmentedRadiosProps<V extends string> extends Omit<ComponentPropsWithRef<'div'>, 'onChange'> {
  'aria-label': string;
  value: V;
  onChange: (value: V) => void;
  data: readonly { value: V; label: string }[];
  size?: 'xs' | 'sm';
}

/**
 * A choice of a few options as native radios in a row, looking like Mantine's SegmentedControl. That one measures
 * its options to place a sliding indicator when it is drawn, which lays the page out in the middle of the first
 * screen's render; here the checked option paints its own background and nothing is measured. Other props (a
 * Tooltip's ref and handlers among them) go to the group's element.
 */
export function SegmentedRadios<V extends string>({ value, onChange, data, size = 'sm', className, ...others }: SegmentedRadiosProps<V>) {
  const name = useId();
  // Mantine's Tooltip hands its child a className (often empty): ours is kept beside it.
  return (
    <div role="radiogroup" className={className ? `${classes.root} ${className}` : classes.root} data-size={size} {...others}>
      {data.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => {
              onChange(option.value);
            }}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
