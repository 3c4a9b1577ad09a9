/** The assistant's face: a small round helper drawn in SVG, its blink and bob done in CSS (assistant.css). */
export function Character() {
  return (
    <svg className="bb-assistant__face" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <line x1="24" y1="3" x2="24" y2="9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="24" cy="3" r="2.5" fill="#faad14" />
      <rect x="6" y="9" width="36" height="32" rx="14" fill="currentColor" />
      <rect x="11" y="15" width="26" height="19" rx="9" fill="#fff" />
      <g className="bb-assistant__eyes" fill="#1f1f1f">
        <ellipse cx="19" cy="23" rx="2.4" ry="3" />
        <ellipse cx="29" cy="23" rx="2.4" ry="3" />
      </g>
      <path d="M20 29 q4 3 8 0" fill="none" stroke="#1f1f1f" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="14.5" cy="28" r="1.8" fill="#ff9c9c" />
      <circle cx="33.5" cy="28" r="1.8" fill="#ff9c9c" />
    </svg>
  );
}
