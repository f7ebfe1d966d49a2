import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { SelectField, TextAreaField, TextField } from './fields';

const HINT = 'You must be at least 18 years old.';
const ERROR = 'You must be 18 or older to play.';

/** The ids the control names in aria-describedby, and the texts shown under the box. */
const read = (html: string) => ({
  describedBy: /aria-describedby="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [],
  hint: /class="mc-field__hint"[^>]*>([^<]*)</.exec(html)?.[1] ?? null,
  error: html.includes(ERROR),
});

describe('member form fields', () => {
  it('show the hint while the value is fine', () => {
    const shown = read(renderToStaticMarkup(<TextField id="pf-birthday" label="Birthday" hint={HINT} />));
    expect(shown).toEqual({ describedBy: ['pf-birthday-hint'], hint: HINT, error: false });
  });

  it('let the hint give way to an error (the server\'s refusal of an under-age birthday, say)', () => {
    const shown = read(renderToStaticMarkup(<TextField id="pf-birthday" label="Birthday" hint={HINT} error={ERROR} />));
    expect(shown).toEqual({ describedBy: ['pf-birthday-error'], hint: null, error: true });
  });

  it('do the same for lists and boxes of several lines', () => {
    const select = read(renderToStaticMarkup(<SelectField id="pf-n" label="Nationality" hint={HINT} error={ERROR} />));
    expect(select).toEqual({ describedBy: ['pf-n-error'], hint: null, error: true });
    const area = read(renderToStaticMarkup(<TextAreaField id="pf-a" label="Address" hint={HINT} error={ERROR} />));
    expect(area).toEqual({ describedBy: ['pf-a-error'], hint: null, error: true });
  });
});
