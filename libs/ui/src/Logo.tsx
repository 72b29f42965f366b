import { BRAND } from './brand';

interface LogoProps {
  /** Show the word mark next to the symbol (default true). */
  wordmark?: boolean;
  /** Light variant for dark backgrounds. */
  inverted?: boolean;
}

/** Brand symbol: a house outline with a tick, in the primary green. */
export function Logo({ wordmark = true, inverted = false }: LogoProps) {
  return (
    <span className={inverted ? 'ui-logo ui-logo--inverted' : 'ui-logo'}>
      <svg
        className="ui-logo__mark"
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="9" fill="currentColor" />
        <path
          d="M8 15.5 16 9l8 6.5V24a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1z"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path
          d="m12.5 18.5 2.6 2.6 4.6-5"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {wordmark && <span className="ui-logo__word">{BRAND.name}</span>}
    </span>
  );
}
