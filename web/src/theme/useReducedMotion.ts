import useMediaQuery from '@mui/material/useMediaQuery';

/** Whether the user asked their system for less motion (and still asks: the hook follows a change). */
export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
