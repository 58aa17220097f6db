import { useId } from 'react';
import type { Language } from '../i18n/languages';

/** Small inline flags for the language switch (no image downloads). All drawn in a 3:2 box. */
export function FlagIcon({ language, size = 24 }: { language: Language; size?: number }) {
  return (
    <svg
      width={size}
      height={(size * 2) / 3}
      viewBox="0 0 60 40"
      aria-hidden
      style={{ borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.15)', display: 'block' }}
    >
      {language === 'en' ? <UnionJack /> : <Tricolour colours={TRICOLOURS[language]} vertical={language === 'fr'} />}
    </svg>
  );
}

const TRICOLOURS = {
  nl: ['#ae1c28', '#ffffff', '#21468b'],
  de: ['#000000', '#dd0000', '#ffce00'],
  fr: ['#002654', '#ffffff', '#ce1126'],
} as const;

function Tricolour({ colours, vertical }: { colours: readonly string[]; vertical: boolean }) {
  return colours.map((colour, index) =>
    vertical ? (
      <rect key={colour} x={index * 20} y={0} width={20} height={40} fill={colour} />
    ) : (
      <rect key={colour} x={0} y={(index * 40) / 3} width={60} height={40 / 3 + 0.5} fill={colour} />
    ),
  );
}

/** The Union Jack, cropped to 3:2 around its centre. */
function UnionJack() {
  const clip = useId();
  return (
    <g>
      <clipPath id={clip}>
        <path d="M30 20h30v20zv20H0zH0V0zV0h30z" />
      </clipPath>
      <rect width="60" height="40" fill="#012169" />
      <path d="M0 0l60 40M60 0L0 40" stroke="#ffffff" strokeWidth="8" />
      <path d="M0 0l60 40M60 0L0 40" clipPath={`url(#${clip})`} stroke="#c8102e" strokeWidth="5" />
      <path d="M30 0v40M0 20h60" stroke="#ffffff" strokeWidth="12" />
      <path d="M30 0v40M0 20h60" stroke="#c8102e" strokeWidth="7" />
    </g>
  );
}
