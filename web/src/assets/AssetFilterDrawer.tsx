import FilterListIcon from '@mui/icons-material/FilterList';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ASSET_STATUS_VALUES } from '@shared/schemas/asset-status';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SideDrawer } from '../common/list/SideDrawer';
import { type AssetFilterKey, type AssetFilterValues, assetFilterResolver, emptyFilters } from './assetFilters';
import { useClientOptions } from './assetsApi';
import { useAssetMessage } from './useAssetMessage';

interface AssetFilterDrawerProps {
  open: boolean;
  value: Partial<AssetFilterValues>;
  onApply: (filters: AssetFilterValues) => void;
  onClose: () => void;
}

const FORM_ID = 'asset-filter-form';

/**
 * The asset list's filter (ListScreen's `renderFilter`): the Filter button, whose badge counts the filters
 * applied besides the search box's text, and the drawer it opens.
 */
export function AssetFilter({
  values,
  apply,
}: {
  values: Partial<AssetFilterValues>;
  apply(values: AssetFilterValues): void;
}) {
  const { t } = useTranslation('assets');
  const [open, setOpen] = useState(false);
  const active = Object.keys(values).filter((key) => key !== 'search').length;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} startIcon={<FilterListIcon />}>
        <Badge badgeContent={active} color="primary" sx={{ '& .MuiBadge-badge': { right: -12 } }}>
          {t('words.filter')}
        </Badge>
      </Button>
      <AssetFilterDrawer open={open} value={values} onApply={apply} onClose={() => setOpen(false)} />
    </>
  );
}

const TEXT_FIELDS: { name: AssetFilterKey; type?: string; numeric?: boolean }[] = [
  { name: 'search' },
  { name: 'id', numeric: true },
  { name: 'logicalId', numeric: true },
  { name: 'daysOutsideGeoZone', numeric: true },
  { name: 'scheduledAfter', type: 'date' },
  { name: 'scheduledBefore', type: 'date' },
];

export function AssetFilterDrawer({ open, value, onApply, onClose }: AssetFilterDrawerProps) {
  const { t } = useTranslation('assets');
  const message = useAssetMessage();
  const form = useForm<AssetFilterValues>({ resolver: assetFilterResolver, defaultValues: emptyFilters() });
  const [clientSearch, setClientSearch] = useState('');
  const clients = useClientOptions(clientSearch, open);

  useEffect(() => {
    if (open) form.reset({ ...emptyFilters(), ...value });
  }, [open, value, form]);

  const submit = form.handleSubmit((filters) => {
    onApply(filters);
    onClose();
  });

  return (
    <SideDrawer
      open={open}
      title={t('filter.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={() => form.reset(emptyFilters())}>{t('words.clear')}</Button>
          <Button type="submit" form={FORM_ID} variant="contained">
            {t('filter.apply')}
          </Button>
        </>
      }
    >
      <Box component="form" id={FORM_ID} noValidate onSubmit={submit} aria-label={t('filter.title')}>
        <Stack spacing={2}>
          {TEXT_FIELDS.map(({ name, type, numeric }) => (
            <TextField
              key={name}
              label={t(`filter.${name}`)}
              type={type ?? 'text'}
              {...form.register(name)}
              error={!!form.formState.errors[name]}
              helperText={message(form.formState.errors[name]?.message)}
              slotProps={{
                inputLabel: type === 'date' ? { shrink: true } : undefined,
                htmlInput: numeric ? { inputMode: 'numeric' } : undefined,
              }}
            />
          ))}
          <Controller
            control={form.control}
            name="client"
            render={({ field }) => {
              const options = clients.data ?? [];
              const selected = options.find((c) => String(c.id) === field.value) ?? null;
              return (
                <Autocomplete
                  options={options}
                  value={selected}
                  getOptionLabel={(c) => c.company || c.name}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  onChange={(_, c) => field.onChange(c ? String(c.id) : '')}
                  onInputChange={(_, text) => setClientSearch(text)}
                  loading={clients.isFetching}
                  renderInput={(params) => <TextField {...params} label={t('filter.client')} />}
                />
              );
            }}
          />
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <TextField select label={t('filter.status')} {...field}>
                <MenuItem value="">{t('filter.anyStatus')}</MenuItem>
                {ASSET_STATUS_VALUES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`statusValue.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      </Box>
    </SideDrawer>
  );
}
