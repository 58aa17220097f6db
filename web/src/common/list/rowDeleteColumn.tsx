import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Column } from './PagedTable';

/**
 * The last column of a list whose rows act through their own buttons rather than a panel (gateways, API
 * credentials): an icon button that removes the row, named with the row ("Revoke ERP link") so a screen
 * reader tells the rows' buttons apart. `onDelete` asks first.
 */
export function rowDeleteColumn<Row>(
  action: string,
  nameOf: (row: Row) => string,
  onDelete: (row: Row) => void,
): Column<Row> {
  return {
    id: 'delete',
    label: '',
    align: 'right',
    render: (row) => (
      <Tooltip title={action}>
        <IconButton aria-label={`${action} ${nameOf(row)}`} onClick={() => onDelete(row)}>
          <DeleteOutlineIcon />
        </IconButton>
      </Tooltip>
    ),
  };
}
