import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { cableReelTypeInputSchema, cableTypeInputSchema } from '@shared/schemas/asset-profile';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';

export type CatalogueKind = 'cable_reels' | 'cables';

/** A catalogue entry as the definition stores it: id, name and the kind's numbers / text. */
export interface CatalogueItem {
  id?: number;
  name: string;
  data: Record<string, string | number>;
}

/** The data fields of each kind, in form order (spec 000 s.3: cable reel type and cable type). */
export const CATALOGUE_FIELDS: Record<CatalogueKind, readonly { key: string; numeric: boolean }[]> = {
  cable_reels: [
    { key: 'width', numeric: true },
    { key: 'diameterMin', numeric: true },
    { key: 'diameterMax', numeric: true },
  ],
  cables: [
    { key: 'description', numeric: false },
    { key: 'diameter', numeric: true },
  ],
};

const schemas = { cable_reels: cableReelTypeInputSchema, cables: cableTypeInputSchema };

interface FormValues {
  id?: number;
  name: string;
  data: Record<string, string>;
}

const toForm = (kind: CatalogueKind, item: CatalogueItem | null): FormValues => ({
  ...(item?.id ? { id: item.id } : {}),
  name: item?.name ?? '',
  data: Object.fromEntries(CATALOGUE_FIELDS[kind].map(({ key }) => [key, String(item?.data[key] ?? '')])),
});

interface CatalogueDialogProps {
  kind: CatalogueKind;
  /** null: a new entry. */
  item: CatalogueItem | null;
  open: boolean;
  onSave(item: CatalogueItem): void;
  onClose(): void;
}

/** Add / edit a cable reel type or cable type with the shared form schema (spec 000 s.5 messages). */
export function CatalogueDialog({ kind, item, open, onSave, onClose }: CatalogueDialogProps) {
  const { t } = useTranslation('assetProfiles');
  const translate = useTranslateMessage();
  const form = useForm<FormValues>({
    defaultValues: toForm(kind, item),
    resolver: zodResolver(schemas[kind] as never) as unknown as Resolver<FormValues>,
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(toForm(kind, item));
  }, [open, kind, item, reset]);
  const title = kind === 'cable_reels' ? (item ? 'editReel' : 'newReel') : item ? 'editCable' : 'newCable';
  const submit = form.handleSubmit((values) => onSave(values as unknown as CatalogueItem));
  const errorOf = (message: string | undefined) => (message ? translate(message) : undefined);
  const dataErrors = form.formState.errors.data as Record<string, { message?: string }> | undefined;

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t(`dialogs.${title}`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} component="form" id={`catalogue-${kind}`} noValidate onSubmit={submit}>
          <TextField
            label={t(kind === 'cables' ? 'labels.articleName' : 'labels.name')}
            required
            {...form.register('name')}
            error={!!form.formState.errors.name}
            helperText={errorOf(form.formState.errors.name?.message)}
          />
          {CATALOGUE_FIELDS[kind].map(({ key, numeric }) => (
            <TextField
              key={key}
              label={t(`labels.${key}` as 'labels.width')}
              required
              multiline={!numeric}
              slotProps={numeric ? { htmlInput: { inputMode: 'decimal' } } : {}}
              {...form.register(`data.${key}`)}
              error={!!dataErrors?.[key]}
              helperText={errorOf(dataErrors?.[key]?.message)}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" form={`catalogue-${kind}`} variant="contained">
          {t('actions.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
