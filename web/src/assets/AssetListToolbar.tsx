import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../common/list/SearchBox';

/** Spec 000 s.9: the asset search waits for 300 ms of quiet. */
const SEARCH_DEBOUNCE_MS = 300;

interface AssetListToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  /** null hides the filter button (client users). */
  activeFilters: number | null;
  onOpenFilter: () => void;
  selectedCount: number;
  canDelete: boolean;
  canCreate: boolean;
  /** On phones Add new and Delete move to the floating menu. */
  compact: boolean;
  onDelete: () => void;
  onAdd: () => void;
}

export function AssetListToolbar(props: AssetListToolbarProps) {
  const { t } = useTranslation('assets');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
      <SearchBox value={props.search} onChange={props.onSearch} delay={SEARCH_DEBOUNCE_MS} />
      {props.activeFilters !== null && (
        <Button variant="outlined" onClick={props.onOpenFilter} startIcon={<FilterListIcon />}>
          <Badge badgeContent={props.activeFilters} color="primary" sx={{ '& .MuiBadge-badge': { right: -12 } }}>
            {t('words.filter')}
          </Badge>
        </Button>
      )}
      <ExportMenu />
      <Box sx={{ flexGrow: 1 }} />
      {!props.compact && props.canDelete && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon />}
          disabled={props.selectedCount === 0}
          onClick={props.onDelete}
        >
          {t('actions.deleteSelected', { count: props.selectedCount })}
        </Button>
      )}
      {!props.compact && props.canCreate && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={props.onAdd}>
          {t('words.addNew')}
        </Button>
      )}
    </Box>
  );
}

/** PDF, Excel and CSV exports arrive with a later issue; the menu already shows where they will be. */
function ExportMenu() {
  const { t } = useTranslation('assets');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={(e) => setAnchor(e.currentTarget)}>
        {t('actions.export')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(['pdf', 'excel', 'csv'] as const).map((type) => (
          <MenuItem key={type} disabled>
            {t(`actions.export_${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
