import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../common/list/SearchBox';
import { AssetExportMenu } from './export/AssetExportMenu';

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
      <AssetExportMenu />
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
