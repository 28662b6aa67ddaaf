/**
 * Inline SVG flags for the language and country selectors; decorative next to their text label.
 * colour-lint: artwork — a flag keeps its country's colours whatever the theme.
 */
export function MexicoFlag({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 30 20" width="24" height="16" aria-hidden="true" focusable="false">
      <rect width="10" height="20" fill="#006847" />
      <rect x="10" width="10" height="20" fill="#ffffff" />
      <rect x="20" width="10" height="20" fill="#ce1126" />
      <circle cx="15" cy="10" r="2.6" fill="#8c5a2b" />
      <path d="M12.6 11.4q2.4 2 4.8 0" stroke="#006847" strokeWidth="0.8" fill="none" />
    </svg>
  );
}

export function UsaFlag({ className }: { className?: string }) {
  const stripes = Array.from({ length: 7 }, (_, index) => index * 2);
  return (
    <svg className={className} viewBox="0 0 38 20" width="24" height="16" aria-hidden="true" focusable="false">
      <rect width="38" height="20" fill="#ffffff" />
      {stripes.map((stripe) => (
        <rect key={stripe} y={(stripe * 20) / 13} width="38" height={20 / 13} fill="#b22234" />
      ))}
      <rect width="15.2" height={(20 * 7) / 13} fill="#3c3b6e" />
      {[2, 5, 8, 11].map((x) =>
        [2, 5, 8].map((y) => <circle key={`${x}-${y}`} cx={x + 1.1} cy={y + 0.2} r="0.7" fill="#ffffff" />),
      )}
    </svg>
  );
}
