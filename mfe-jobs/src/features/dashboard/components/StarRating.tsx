import { useId, useState } from 'react';
import { LIMITS } from '@marketplace/contracts';

const WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

interface StarRatingProps {
  value: number;
  onChange: (rating: number) => void;
  disabled?: boolean;
  error?: string | undefined;
}

function Star() {
  return (
    <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
      <path
        d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** 1 to 5 stars as a radio group: arrow keys move, the chosen number is said and shown in words. */
export function StarRating({ value, onChange, disabled, error }: StarRatingProps) {
  const name = useId();
  const errorId = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset
      className={['star-rating', error && 'has-error'].filter(Boolean).join(' ')}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="form-field__label">Rating</legend>
      <div className="star-rating__row" onMouseLeave={() => setHover(0)}>
        {Array.from({ length: LIMITS.ratingStars }, (_, i) => i + 1).map((stars) => (
          <label
            key={stars}
            className={['star-rating__star', stars <= shown && 'is-on'].filter(Boolean).join(' ')}
            onMouseEnter={() => !disabled && setHover(stars)}
          >
            <input
              type="radio"
              name={name}
              value={stars}
              className="ui-visually-hidden"
              checked={value === stars}
              disabled={disabled}
              onChange={() => onChange(stars)}
            />
            <span className="ui-visually-hidden">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            <Star />
          </label>
        ))}
        <span className="star-rating__words" aria-hidden="true">
          {shown ? `${WORDS[shown - 1]} · ${shown} of ${LIMITS.ratingStars}` : 'Choose 1 to 5 stars'}
        </span>
      </div>
      <p className="form-field__error" id={errorId} aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}
