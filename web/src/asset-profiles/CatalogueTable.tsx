import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { CATALOGUE_FIELDS, CatalogueDialog, type CatalogueItem, type CatalogueKind } from './CatalogueDialog';

interface CatalogueTableProps {
  kind: CatalogueKind;
  items: readonly CatalogueItem[];
  editable: boolean;
  onChange(items: CatalogueItem[]): void;
}

/** Cable reel types or cable types of a definition, each with add, edit and delete (spec 000 /asset-profiles). */
export function CatalogueTable({ kind, items, editable, onChange }: CatalogueTableProps) {
  const { t } = useTranslation('assetProfiles');
  const { t: tc } = useTranslation('common');
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const fields = CATALOGUE_FIELDS[kind];
  const save = (item: CatalogueItem) => {
    const index = editing?.index ?? null;
    onChange(index === null ? [...items, item] : items.map((old, i) => (i === index ? { ...item, id: old.id } : old)));
    setEditing(null);
  };

  return (
    <Box component="section" aria-label={t(`sections.${kind}`)} sx={{ mb: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {t(`sections.${kind}`)}
        </Typography>
        {editable && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({ index: null })}>
            {t('actions.add')}
          </Button>
        )}
      </Stack>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ '& th, & td': { px: 0.75 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t(kind === 'cables' ? 'labels.articleName' : 'labels.name')}</TableCell>
              {fields.map(({ key, numeric }) => (
                <TableCell key={key} align={numeric ? 'right' : 'left'}>
                  {t(`labels.${key}` as 'labels.width')}
                </TableCell>
              ))}
              {editable && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.length === 0 && (
              <TableRow>
                <TableCell colSpan={fields.length + 2}>{tc('noResult')}</TableCell>
              </TableRow>
            )}
            {items.map((item, index) => (
              <TableRow key={item.id ?? `new-${index}`}>
                <TableCell>{item.name}</TableCell>
                {fields.map(({ key, numeric }) => (
                  <TableCell key={key} align={numeric ? 'right' : 'left'}>
                    {item.data[key]}
                  </TableCell>
                ))}
                {editable && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0 }}>
                    <IconButton
                      size="small"
                      sx={{ p: 0.5 }}
                      aria-label={`${t('actions.edit')} ${item.name}`}
                      onClick={() => setEditing({ index })}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      sx={{ p: 0.5 }}
                      aria-label={`${t('actions.delete')} ${item.name}`}
                      onClick={() => setDeleting(index)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <CatalogueDialog
        kind={kind}
        open={editing !== null}
        item={editing?.index != null ? (items[editing.index] ?? null) : null}
        onSave={save}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        message={t('dialogs.deleteEntry', { name: deleting === null ? '' : items[deleting]?.name })}
        onYes={() => {
          onChange(items.filter((_, i) => i !== deleting));
          setDeleting(null);
        }}
        onNo={() => setDeleting(null)}
      />
    </Box>
  );
}
