import { system } from '@portal/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
});

describe('the external documents’ links', () => {
  it('are the bundled policy and no survey instruction by default, for anyone', async () => {
    t = await createTestApp();
    expect((await t.api(system.links)).json()).toEqual({ personalDataPolicy: '/docs/personal-data-policy.pdf', surveyInstruction: null });
  });

  it('come from the configuration', async () => {
    t = await createTestApp({ PERSONAL_DATA_POLICY_URL: 'https://aipm.test/policy.pdf', SURVEY_INSTRUCTION_URL: 'https://aipm.test/survey.pdf' });
    expect((await t.api(system.links)).json()).toEqual({
      personalDataPolicy: 'https://aipm.test/policy.pdf',
      surveyInstruction: 'https://aipm.test/survey.pdf',
    });
  });
});
