import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { EmailRule, MESSAGES } from '@marketplace/contracts';
import type { FieldChecks } from './checks';
import { deferredRules, type DeferredRules } from './deferred-rules';

interface Form {
  email: string;
}

const CHECKS: FieldChecks<Form> = { email: { rule: EmailRule } };
const invalid = { email: 'not an address' };
const options = { names: undefined, fields: {}, shouldUseNativeValidation: undefined };

describe('deferredRules: a form whose rules load on its first check', () => {
  it('loads the checks once, on the first check, and checks with them as the rules resolver does', async () => {
    const load = jest.fn(async () => CHECKS);
    const rules = deferredRules(load);
    expect(load).not.toHaveBeenCalled();

    const first = await rules.resolver(invalid, undefined, options);
    expect(first.errors.email?.message).toBe(MESSAGES.invalidEmailAddress);
    const second = await rules.resolver({ email: 'ada@example.ng' }, undefined, options);
    expect(second).toEqual({ values: { email: 'ada@example.ng' }, errors: {} });
    expect(await rules.checks()).toBe(CHECKS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading on preload, before any check', async () => {
    const load = jest.fn(async () => CHECKS);
    const rules = deferredRules(load);
    rules.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await rules.resolver(invalid, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the form through to the server when the rules cannot be downloaded, and tries again at the next check', async () => {
    const load = jest
      .fn<Promise<FieldChecks<Form>>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk 7 failed'))
      .mockResolvedValue(CHECKS);
    const rules = deferredRules(load);

    expect(await rules.resolver(invalid, undefined, options)).toEqual({ values: invalid, errors: {} });
    const retried = await rules.resolver(invalid, undefined, options);
    expect(retried.errors.email?.message).toBe(MESSAGES.invalidEmailAddress);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives no checks (the server message goes to the summary) when they cannot be downloaded', async () => {
    const rules = deferredRules<Form>(() => Promise.reject(new Error('offline')));
    expect(await rules.checks()).toEqual({});
  });

  it("shows the rule's message in a real form after the person types", async () => {
    const rules: DeferredRules<Form> = deferredRules(async () => CHECKS);
    function EmailForm() {
      const { register, formState } = useForm<Form>({
        mode: 'onChange',
        resolver: rules.resolver,
        defaultValues: { email: '' },
      });
      return (
        <form onFocus={rules.preload}>
          <label>
            Email
            <input {...register('email')} />
          </label>
          <p role="alert">{formState.errors.email?.message}</p>
        </form>
      );
    }
    render(<EmailForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@');
    expect(await screen.findByText(MESSAGES.invalidEmailAddress)).toBeInTheDocument();
  });
});
