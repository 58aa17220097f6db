import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from './useDebouncedValue';

export interface SearchBoxProps {
  /** The applied search (from the URL); typing updates it after `delay` ms of quiet. */
  value: string;
  onChange(value: string): void;
  delay: number;
  label?: string;
}

/** A search field that reports what was typed once typing pauses (spec 001 s.9: users search 100 ms). */
export function SearchBox({ value, onChange, delay, label }: SearchBoxProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, delay);
  const reported = useRef(value);

  // Back/forward or a cleared filter changes the applied value from outside: show it.
  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);

  // Report only when the typed text settles, not when the caller's callback changes identity (it does on
  // every URL change, and would re-send a stale text just replaced from outside).
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    const trimmed = settled.trim();
    if (trimmed !== reported.current) {
      reported.current = trimmed;
      report.current(trimmed);
    }
  }, [settled]);

  return (
    <TextField
      size="small"
      margin="none"
      value={text}
      onChange={(event) => setText(event.target.value)}
      label={label ?? t('search')}
      type="search"
      sx={{ flex: '1 1 220px', maxWidth: { sm: 360 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={t('clear')} onClick={() => setText('')} edge="end">
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
