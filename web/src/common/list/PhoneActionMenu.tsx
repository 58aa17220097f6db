import SpeedDial from '@mui/material/SpeedDial';
import SpeedDialAction from '@mui/material/SpeedDialAction';
import type { ReactNode } from 'react';
import { useState } from 'react';

export interface PhoneAction {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  /** Shown but not choosable (e.g. Delete selected with nothing selected). */
  disabled?: boolean;
}

/**
 * The floating action menu of a list on phones (spec 000 s.2). It opens on a tap only: MUI's SpeedDial also
 * opens on hover and focus, and a tap that first "hovers" then toggles would close it again at once.
 * Choosing an action closes it.
 */
export function PhoneActionMenu({ label, icon, actions }: { label: string; icon: ReactNode; actions: PhoneAction[] }) {
  const [open, setOpen] = useState(false);
  return (
    <SpeedDial
      ariaLabel={label}
      icon={icon}
      open={open}
      onOpen={(_event, reason) => reason === 'toggle' && setOpen(true)}
      onClose={(_event, reason) => reason !== 'mouseLeave' && setOpen(false)}
      sx={{ position: 'fixed', right: 16, bottom: 16 }}
    >
      {actions.map((action) => (
        <SpeedDialAction
          key={action.label}
          icon={action.icon}
          slotProps={{
            tooltip: { title: action.label, open: true },
            fab: { disabled: action.disabled },
            // The label reads on one line beside its button, however narrow the phone.
            staticTooltipLabel: { sx: { whiteSpace: 'nowrap' } },
          }}
          onClick={() => {
            setOpen(false);
            action.onClick();
          }}
        />
      ))}
    </SpeedDial>
  );
}
