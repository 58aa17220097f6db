import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** An entity a form field refers to: the id is what the API takes, the rest is for the label. */
export interface Reference {
  id: number;
}

interface ReferencePickerProps<V extends FieldValues, T extends Reference> {
  control: Control<V, unknown, Record<string, unknown>>;
  name: Path<V>;
  label: string;
  options: readonly T[];
  optionLabel: (option: T) => string;
  multiple?: boolean;
  /** Translates the field's validation message (shared schema or API sentence). */
  message: (text: string | undefined) => string | undefined;
  /** For options searched on the server: the text typed so far. */
  onSearch?: (text: string) => void;
  /** After the user picked a value (or cleared it), for fields that follow the choice. */
  onPicked?: (value: T | T[] | null) => void;
}

/**
 * A react-hook-form field that picks one or several entities by name (customer, geo zone, devices, profile
 * definitions): options are matched by id, the form holds the picked objects, and the field shows its
 * validation message. One component, so every reference field behaves the same.
 */
export function ReferencePicker<V extends FieldValues, T extends Reference>(props: ReferencePickerProps<V, T>) {
  const { control, name, label, options, optionLabel, multiple = false, message, onSearch, onPicked } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete<T, boolean>
          multiple={multiple}
          options={options}
          value={field.value ?? (multiple ? [] : null)}
          getOptionLabel={optionLabel}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onInputChange={onSearch ? (_, text) => onSearch(text) : undefined}
          onChange={(_, value) => {
            field.onChange(value);
            onPicked?.(value as T | T[] | null);
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              error={!!fieldState.error}
              helperText={message(fieldState.error?.message)}
            />
          )}
        />
      )}
    />
  );
}
