/**
 * The shell's line icons: one path drawn in the text colour on a 24-unit grid, hidden from assistive
 * technology (the control that holds it carries the name).
 */
export function StrokeIcon({
  d,
  size = 20,
  strokeWidth = 1.8,
  className,
}: {
  d: string;
  size?: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
