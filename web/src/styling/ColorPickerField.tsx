import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HEX_COLOR } from '@shared/schemas/common';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** <input type="color"> only takes #rrggbb; stored values may be the short form (#fff). */
export const toLongHex = (hex: string) =>
  /^#[0-9a-f]{3}$/i.test(hex) ? `#${[...hex.slice(1)].map((c) => c + c).join('')}`.toLowerCase() : hex.toLowerCase();

interface Props {
  label: string;
  value: string;
  onChange: (hex: string) => void;
}

/** A swatch with its hex value; clicking opens a popover with the browser's picker and a hex field. */
export function ColorPickerField({ label, value, onChange }: Props) {
  const { t } = useTranslation('styling');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [typed, setTyped] = useState(value);
  const popoverId = useId();
  useEffect(() => setTyped(value), [value]);
  const typedIsValid = HEX_COLOR.test(typed.trim());

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        // Named by what it shows, the colour's name and hex value: a label of its own would hide the value from
        // speech and differ from what is seen (axe label-content-name-mismatch).
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          gap: 1.5,
          p: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          textAlign: 'left',
        }}
      >
        <Box
          sx={{
            width: 40,
            height: 40,
            borderRadius: 1,
            bgcolor: value,
            border: 1,
            borderColor: 'divider',
            flexShrink: 0,
          }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {value}
          </Typography>
        </Box>
      </ButtonBase>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 2, width: 240 } } }}
      >
        <Typography variant="subtitle2" gutterBottom>
          {label}
        </Typography>
        <Box
          component="input"
          type="color"
          value={toLongHex(value)}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          aria-label={t('choose', { name: label })}
          sx={{ width: '100%', height: 120, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
        />
        <TextField
          size="small"
          label={t('hex')}
          value={typed}
          error={!typedIsValid}
          margin="dense"
          helperText={typedIsValid ? undefined : t('invalidHex')}
          onChange={(event) => {
            setTyped(event.target.value);
            if (HEX_COLOR.test(event.target.value.trim())) onChange(event.target.value.trim().toLowerCase());
          }}
          slotProps={{ htmlInput: { spellCheck: false, maxLength: 7 } }}
        />
      </Popover>
    </>
  );
}
