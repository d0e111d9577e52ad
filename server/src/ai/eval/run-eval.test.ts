import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedInUser } from '../../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../../test/helper.js';
import { answers, type EvalReport, indexShopDocuments, runEvaluation } from './run-eval.js';
import { EVAL_CASES } from './shop-documents.js';

describe.each(testDatabases)('evaluation set: shop documents, real indexing and retrieval, the embedded engine (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let report: EvalReport;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await signedInUser(t);
    stranger = await signedInUser(t);
    await indexShopDocuments(t.app, owner.userId);
    report = await runEvaluation(t.app, owner.userId);
  }, 120_000);
  afterAll(() => t?.close());

  it('has at least 60 questions: Vietnamese with and without diacritics, teencode, and English', () => {
    expect(report.cases).toBeGreaterThanOrEqual(60);
    const questions = EVAL_CASES.map((item) => item.question);
    expect(questions.filter((q) => /[àáảãạăâđèéêìíòóôơùúưỳý]/iu.test(q)).length).toBeGreaterThanOrEqual(20);
    expect(questions.filter((q) => /^[a-z0-9 ]+$/.test(q)).length).toBeGreaterThanOrEqual(20);
    for (const shorthand of ['ship', 'sz', 'bn', 'k', 'ko', 'dc']) expect(questions.some((q) => q.split(/\s+/).includes(shorthand))).toBe(true);
    expect(questions.filter((q) => /^(how|do|is|when|what|can)\b/i.test(q)).length).toBeGreaterThanOrEqual(8);
  });

  it('recall@5 is at least 0.95', () => {
    const missed = report.outcomes.filter((outcome) => !outcome.found).map((outcome) => outcome.question);
    expect(report.recallAt5, `missed: ${missed.join(' / ')}`).toBeGreaterThanOrEqual(0.95);
  });

  it('the embedded engine answers at least 0.95 of the questions with the fact and the whole sentence', () => {
    const wrong = report.outcomes.filter((outcome) => !outcome.correct).map((outcome) => `${outcome.question} → ${outcome.reply}`);
    expect(report.correctShare, wrong.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('no answer is cut mid-sentence, after an abbreviation or with "…"', () => {
    for (const outcome of report.outcomes) {
      expect(outcome.reply).not.toContain('…');
      expect(outcome.quote).not.toContain('…');
      expect(outcome.reply).not.toMatch(/\b(TP|Q|P|TX|TT)\.$/mu);
    }
  });

  it('"Ship về Hà Nội bao lâu?" gets the delivery times, "TP. Hồ Chí Minh 2–3 ngày" included', () => {
    const outcome = report.outcomes.find((item) => item.question === 'Ship về Hà Nội bao lâu?');
    expect(outcome?.found).toBe(true);
    expect(outcome?.reply).toContain('Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày.');
  });

  it('a second user finds nothing of the first user’s documents and gets only the holding reply', async () => {
    const elsewhere = await runEvaluation(t.app, stranger.userId, EVAL_CASES.slice(0, 10));
    expect(elsewhere.recallAt5).toBe(0);
    expect(elsewhere.correctShare).toBe(0);
    for (const outcome of elsewhere.outcomes) expect(outcome.reply).not.toMatch(/\d{2}\.000đ|ngày/u);
  });

  it('the correctness check fails an answer cut after "TP." or missing the fact', () => {
    const item = { passage: 'Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày.', fact: 'TP. Hồ Chí Minh 2–3 ngày' };
    expect(answers('Dạ, Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày. Cảm ơn!', item)).toBe(true);
    expect(answers('Dạ, Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Cảm ơn!', item)).toBe(false);
    expect(answers('Dạ, Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3…', item)).toBe(false);
  });
});
