import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** A lost map pin over a folded map, in the theme colours. */
export function NotFoundImage(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 300 200" aria-hidden {...props}>
      <path d="M30 60 110 35l80 25 80-25v120l-80 25-80-25-80 25z" fill="#eef1ee" stroke="#c9d3c9" strokeWidth="2" />
      <path d="M110 35v120M190 60v120" stroke="#c9d3c9" strokeWidth="2" />
      <path
        d="M60 150c30-40 60 10 90-30s60-10 90-50"
        fill="none"
        stroke="#9aa89a"
        strokeWidth="3"
        strokeDasharray="8 8"
      />
      <g transform="translate(150 20)">
        <path d="M0 0a32 32 0 0 0-32 32c0 24 32 62 32 62s32-38 32-62A32 32 0 0 0 0 0z" fill="currentColor" />
        <text x="0" y="42" textAnchor="middle" fontSize="30" fontWeight="700" fill="#ffffff" fontFamily="sans-serif">
          ?
        </text>
      </g>
      <ellipse cx="150" cy="120" rx="18" ry="5" fill="#000" opacity="0.12" />
    </SvgIcon>
  );
}
