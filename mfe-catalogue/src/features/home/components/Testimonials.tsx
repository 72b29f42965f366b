import { useEffect, useId, useState, type FocusEvent } from 'react';
import { TESTIMONIALS } from '../home-copy';
import { Icon } from './Icon';

/** How long a slide stays before the next one while the carousel rotates. */
export const ROTATE_MS = 7000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="testimonial__stars" aria-hidden="true">
      <span className="testimonial__stars-fill" style={{ width: `${(rating / 5) * 100}%` }}>
        ★★★★★
      </span>
      ★★★★★
    </span>
  );
}

/**
 * Spec (Home): the testimonials carousel, after the WAI-ARIA carousel pattern. It rotates on its own
 * unless the visitor prefers reduced motion, stops while hovered or focused, and has a labelled stop /
 * start button, previous / next buttons and a picker. The slides are announced (live region) only while
 * it is not rotating. All slides share one grid cell, so the tallest sets the height: nothing moves.
 */
export function Testimonials() {
  const id = useId();
  const count = TESTIMONIALS.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = playing && !hovered && !focused;

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(REDUCED_MOTION);
    const onChange = () => query.matches && setPlaying(false);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearTimeout(timer);
  }, [rotating, index, count]);

  const show = (next: number) => setIndex((next + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className="home-section home-testimonials"
      aria-roledescription="carousel"
      aria-labelledby={`${id}-title`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="ui-container">
        <div className="home-section__head">
          <div>
            <h2 id={`${id}-title`} className="home-section__title">
              What customers say
            </h2>
            <p className="home-section__lead">
              Examples of how reviews look: sample companies and customers, not real reviews. Real reviews,
              written by customers after a completed job, are on each company&rsquo;s profile.
            </p>
          </div>
          <div className="carousel__controls">
            <button
              type="button"
              className="carousel__button"
              aria-label={playing ? 'Stop automatic slide show' : 'Start automatic slide show'}
              onClick={() => setPlaying((p) => !p)}
            >
              <Icon name={playing ? 'pause' : 'play'} size={18} />
            </button>
            <button
              type="button"
              className="carousel__button"
              aria-controls={`${id}-slides`}
              aria-label="Previous testimonial"
              onClick={() => show(index - 1)}
            >
              <Icon name="chevronLeft" size={20} />
            </button>
            <button
              type="button"
              className="carousel__button"
              aria-controls={`${id}-slides`}
              aria-label="Next testimonial"
              onClick={() => show(index + 1)}
            >
              <Icon name="chevronRight" size={20} />
            </button>
          </div>
        </div>

        <div id={`${id}-slides`} className="carousel__slides" aria-live={rotating ? 'off' : 'polite'}>
          {TESTIMONIALS.map((item, i) => {
            const active = i === index;
            return (
              <div
                key={item.company}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={!active}
                inert={!active}
                className={`testimonial${active ? ' is-active' : ''}`}
              >
                <span className="testimonial__badge">Example</span>
                <blockquote className="testimonial__quote">
                  <p>{item.quote}</p>
                </blockquote>
                <div className="testimonial__footer">
                  <span className="testimonial__avatar" aria-hidden="true">
                    {item.company
                      .split(/\s+/)
                      .slice(0, 2)
                      .map((word) => word[0])
                      .join('')}
                  </span>
                  <span className="testimonial__who">
                    <strong>{item.company}</strong>
                    <span>
                      {item.service} · {item.author}
                    </span>
                  </span>
                  <span className="testimonial__rating">
                    <Stars rating={item.rating} />
                    <span>
                      {item.rating.toFixed(1)}
                      <span className="ui-visually-hidden"> out of 5</span>
                    </span>
                  </span>
                </div>
              </div>
            );
          })}
        </div>

        <div className="carousel__dots">
          {TESTIMONIALS.map((item, i) => (
            <button
              key={item.company}
              type="button"
              className="carousel__dot"
              aria-label={`Show testimonial ${i + 1}: ${item.company}`}
              aria-current={i === index ? 'true' : undefined}
              aria-controls={`${id}-slides`}
              onClick={() => show(i)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
