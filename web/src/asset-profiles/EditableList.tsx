import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { normalizeEditableList } from '@shared/schemas/asset-profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface EditableListProps {
  label: string;
  numeric: boolean;
  items: readonly (string | number)[];
  editable: boolean;
  onChange(items: (string | number)[]): void;
}

/** A number[] or string[] entry (e.g. cable lengths): empty items are ignored, the list stays sorted. */
export function EditableList({ label, numeric, items, editable, onChange }: EditableListProps) {
  const { t } = useTranslation('assetProfiles');
  const [draft, setDraft] = useState('');
  const draftValue = numeric ? Number(draft.replace(',', '.')) : draft;
  const invalid = numeric && draft.trim() !== '' && Number.isNaN(draftValue);
  const add = () => {
    if (invalid || draft.trim() === '') return;
    onChange(normalizeEditableList([...items, draftValue]));
    setDraft('');
  };
  return (
    <Box component="section" aria-label={label} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {label}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
        {items.length === 0 && <Typography color="text.secondary">{t('lists.empty')}</Typography>}
        {items.map((item) => (
          <Chip
            key={String(item)}
            label={String(item)}
            onDelete={editable ? () => onChange(items.filter((other) => other !== item)) : undefined}
          />
        ))}
      </Stack>
      {editable && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('lists.newItem')}
            value={draft}
            error={invalid}
            slotProps={{ htmlInput: numeric ? { inputMode: 'decimal' } : {} }}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button startIcon={<AddIcon />} onClick={add} disabled={invalid}>
            {t('actions.addItem')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
