import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../common/pageHandle';
import { useSession } from '../session/useSession';
import { UserDrawer } from './UserDrawer';

/** /preferences ("Change my password" in the user menu): the user's own record in the Preferences panel. */
export default function PreferencesPage() {
  const title = usePageTitle();
  const navigate = useNavigate();
  const { user } = useSession();
  const close = useCallback(() => navigate('/', { replace: true }), [navigate]);
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {user && <UserDrawer userId={user.id} onClose={close} />}
    </>
  );
}
