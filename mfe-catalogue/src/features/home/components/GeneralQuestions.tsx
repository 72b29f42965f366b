import { useId, useState } from 'react';
import { Link } from '@marketplace/ui/router';
import { GENERAL_QUESTIONS } from '../home-copy';
import { Icon } from './Icon';

/**
 * Spec (Home): the general-questions accordion (WAI-ARIA accordion: a button in each heading with
 * aria-expanded, the answer hidden until opened; any number open at once) and a link to /contactus.
 */
export function GeneralQuestions() {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <section className="home-section home-faq" aria-labelledby={`${id}-title`}>
      <div className="ui-container home-faq__inner">
        <div className="home-faq__intro">
          <h2 id={`${id}-title`} className="home-section__title">
            General questions
          </h2>
          <p className="home-section__lead">
            Quick answers about posting jobs, contact details and fees. Something else on your mind?
          </p>
          <Link to="/contactus" className="ui-btn ui-btn--secondary">
            Contact us
          </Link>
        </div>
        <div className="home-faq__list">
          {GENERAL_QUESTIONS.map((item, index) => {
            const expanded = open.has(index);
            return (
              <div key={item.question} className="home-faq__item">
                <h3 className="home-faq__question">
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={`${id}-a${index}`}
                    onClick={() => toggle(index)}
                  >
                    <span>{item.question}</span>
                    <Icon name="chevronDown" size={20} />
                  </button>
                </h3>
                <div id={`${id}-a${index}`} className="home-faq__answer" hidden={!expanded}>
                  <p>{item.answer}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
