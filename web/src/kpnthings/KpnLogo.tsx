import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** A simple mark in KPN's green (inline, so the page needs no image request). */
export function KpnLogo(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 48 48" titleAccess="KPN" {...props}>
      <rect width="48" height="48" rx="10" fill="#00c300" />
      <text
        x="24"
        y="30"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="16"
        fontWeight="700"
        fill="#fff"
      >
        KPN
      </text>
    </SvgIcon>
  );
}
