import {
  type BenchmarkData,
  type BenchmarkItem,
  type Locale,
  type PageAnswerValue,
  type PageContent,
  type PageQuestion,
  PROFILE_PAGE,
  type PriorPageAnswers,
  pageAnswerProblem,
  pageCount,
  type pageQuery,
  type SavedPageData,
  type SaveResult,
  type SurveyScope,
  type saveBenchmarkBody,
  type savedPageQuery,
  type savePageBody,
  type saveTurnoverBody,
  type TurnoverData,
  turnoverRate,
  type User,
} from '@portal/shared';
import { pageStep, type StepKey } from '@portal/shared/survey-model';
import type { z } from 'zod';
import { type Db, type Executor, readTogether } from '../../db/client.ts';
import { AppError, type FieldMessage } from '../../lib/app-error.ts';
import { type Caller, issueOut, type QuestionnaireService, type SurveyContext } from './questionnaire.service.ts';
import * as repo from './survey.repository.ts';

const TURNOVER_FIELDS = ['headcountStart', 'headcountEnd', 'hires', 'totalLeavers', 'voluntaryLeavers', 'firstYearLeavers'] as const;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The turnover, benchmark and configurable-page steps, and the period's catalogue as the questionnaire reads it. */
export class AnswersService {
  constructor(
    private readonly db: Db,
    private readonly q: QuestionnaireService,
  ) {}

  // ---- the period's catalogue

  async pageContent(user: User, query: z.output<typeof pageQuery>, locale: Locale): Promise<PageContent> {
    const ctx = await this.q.context(user, query);
    const page = await repo.pageOf(this.db, ctx.period.id, query.page);
    if (!page) throw new AppError('NOT_FOUND');
    const questions = page.questions as PageQuestion[];
    return {
      key: page.key,
      kind: page.kind,
      title: locale === 'ru' ? page.titleRu : page.titleEn,
      body: locale === 'ru' ? page.bodyRu : page.bodyEn,
      questions,
      requiredTotal: questions.filter((x) => x.required).length,
    };
  }

  async jobGroups(user: User, scope: SurveyScope) {
    const ctx = await this.q.context(user, scope);
    return repo.jobGroupsWithCounts(this.db, ctx.period.id, ctx.response.id);
  }

  async positions(user: User, query: SurveyScope & { jobGroupId?: number }) {
    const ctx = await this.q.context(user, query);
    return repo.periodPositionsOf(this.db, ctx.period.id, query.jobGroupId);
  }

  async cars(user: User, scope: SurveyScope) {
    const ctx = await this.q.context(user, scope);
    return repo.carsOf(this.db, ctx.period.id);
  }

  // ---- turnover

  async turnover(user: User, scope: SurveyScope): Promise<TurnoverData> {
    return this.turnoverOf(this.db, await this.q.context(user, scope));
  }

  private async turnoverOf(db: Executor, ctx: SurveyContext): Promise<TurnoverData> {
    const [rows, issues] = await readTogether(db, [() => repo.turnoverOf(db, ctx.response.id), () => repo.issuesOf(db, ctx.response.id, 'turnover')]);
    return {
      version: ctx.response.version,
      rows: rows.map((r) => ({
        jobGroupId: r.jobGroupId,
        headcountStart: r.headcountStart,
        headcountEnd: r.headcountEnd,
        hires: r.hires,
        totalLeavers: r.totalLeavers,
        voluntaryLeavers: r.voluntaryLeavers,
        firstYearLeavers: r.firstYearLeavers,
        turnoverPct: turnoverRate(r, r.totalLeavers),
        voluntaryPct: turnoverRate(r, r.voluntaryLeavers),
      })),
      issues: issues.map(issueOut),
    };
  }

  saveTurnover(caller: Caller, body: z.output<typeof saveTurnoverBody>): Promise<SaveResult> {
    return this.q.save(
      caller,
      body,
      'save_step',
      ['turnover'],
      async (tx, ctx) => {
        const before = await repo.turnoverOf(tx, ctx.response.id);
        const shape = (rows: readonly z.output<typeof saveTurnoverBody>['rows'][number][]) =>
          rows.map((r) => [r.jobGroupId, ...TURNOVER_FIELDS.map((f) => r[f])]).sort((a, b) => Number(a[0] ?? 0) - Number(b[0] ?? 0));
        if (sameJson(shape(before), shape(body.rows))) return { changed: false, summary: {} };
        await repo.replaceTurnover(tx, ctx.response.id, body.rows);
        return { changed: true, summary: { rows: body.rows.length, before: shape(before), after: shape(body.rows) } };
      },
      (tx, ctx) => this.turnoverOf(tx, ctx),
    );
  }

  // ---- benchmarks

  async benchmarks(user: User, scope: SurveyScope, locale: Locale): Promise<BenchmarkData> {
    return this.benchmarksOf(this.db, await this.q.context(user, scope), locale);
  }

  private async benchmarksOf(db: Executor, ctx: SurveyContext, locale: Locale): Promise<BenchmarkData> {
    const [items, answers, issues] = await readTogether(db, [
      () => repo.benchmarkItemsOf(db, ctx.period.id),
      () => repo.benchmarkAnswersOf(db, ctx.response.id),
      () => repo.issuesOf(db, ctx.response.id, 'benchmarks'),
    ]);
    return {
      version: ctx.response.version,
      items: items.map(
        (i): BenchmarkItem => ({
          id: i.id,
          key: i.key,
          section: i.section,
          label: locale === 'ru' ? i.labelRu : i.labelEn,
          unit: i.unit,
          categories: i.categories as BenchmarkItem['categories'],
          choices: i.choices,
          required: i.required,
          min: i.min,
          max: i.max,
          warnMin: i.warnMin,
          warnMax: i.warnMax,
        }),
      ),
      answers: answers.map((a) => ({
        itemId: a.itemId,
        category: a.category as BenchmarkItem['categories'][number],
        valueNum: a.valueNum,
        valueBool: a.valueBool,
        valueChoice: a.valueChoice,
        comment: a.comment,
      })),
      issues: issues.map(issueOut),
    };
  }

  saveBenchmark(caller: Caller, body: z.output<typeof saveBenchmarkBody>, locale: Locale): Promise<SaveResult> {
    return this.q.save(
      caller,
      body,
      'save_step',
      ['benchmarks'],
      async (tx, ctx) => {
        const items = new Map((await repo.benchmarkItemsOf(tx, ctx.period.id)).map((i) => [i.id, i]));
        const fields: Record<string, FieldMessage> = {};
        body.answers.forEach((a, i) => {
          const item = items.get(a.itemId);
          if (!item?.categories.includes(a.category)) fields[`answers.${i}.itemId`] = 'validation.invalid';
          else if (item.unit === 'choice' && a.valueChoice !== null && !item.choices.includes(a.valueChoice))
            fields[`answers.${i}.valueChoice`] = 'validation.invalid';
        });
        if (Object.keys(fields).length) throw new AppError('VALIDATION', { fields });
        const stored = new Map((await repo.benchmarkAnswersOf(tx, ctx.response.id)).map((a) => [`${a.itemId}:${a.category}`, a]));
        const changed = body.answers.filter((a) => {
          const s = stored.get(`${a.itemId}:${a.category}`);
          return !s || s.valueNum !== a.valueNum || s.valueBool !== a.valueBool || s.valueChoice !== a.valueChoice || s.comment !== a.comment;
        });
        await repo.upsertBenchmarkAnswers(
          tx,
          changed.map((a) => ({ responseId: ctx.response.id, ...a })),
        );
        return { changed: changed.length > 0, summary: { answers: changed.length } };
      },
      (tx, ctx) => this.benchmarksOf(tx, ctx, locale),
    );
  }

  // ---- configurable pages

  async savedPage(user: User, query: z.output<typeof savedPageQuery>): Promise<SavedPageData> {
    const ctx = await this.q.context(user, query);
    const saved = await this.savedPageOf(this.db, ctx, query.page);
    return query.prefill === 'prior' ? { ...saved, prior: await this.priorPage(ctx, query.page) } : saved;
  }

  /**
   * The company's answers to the page with the same key in the previous period, those that still fit a question of this
   * year's page (so "Use last year's answer" never puts in what the save would refuse).
   */
  private async priorPage(ctx: SurveyContext, key: string): Promise<PriorPageAnswers> {
    const [period, page] = await Promise.all([repo.priorPeriodOf(this.db, ctx.period), repo.pageOf(this.db, ctx.period.id, key)]);
    if (!period) return { period: null, answers: {} };
    const questions = new Map(((page?.questions ?? []) as PageQuestion[]).map((x) => [x.id, x]));
    const answers = await repo.companyPageAnswers(this.db, period.id, ctx.companyId, key);
    return {
      period,
      answers: Object.fromEntries(
        Object.entries(answers).filter(([id, v]) => {
          const question = questions.get(id);
          return question !== undefined && pageAnswerProblem(question, v) === null;
        }),
      ),
    };
  }

  private async savedPageOf(db: Executor, ctx: SurveyContext, key: string) {
    const page = await repo.pageOf(db, ctx.period.id, key);
    if (!page) throw new AppError('NOT_FOUND');
    const [answers, issues] = await readTogether(db, [
      () => repo.pageAnswersOf(db, ctx.response.id, page.id),
      () => repo.issuesOf(db, ctx.response.id, pageStep(key)),
    ]);
    return { version: ctx.response.version, answers, issues: issues.map(issueOut) };
  }

  savePage(caller: Caller, body: z.output<typeof savePageBody>): Promise<SaveResult> {
    // The profile's headcount bounds the grid's: saving it checks the positions again.
    const steps: StepKey[] = body.page === PROFILE_PAGE ? [pageStep(body.page), 'positions'] : [pageStep(body.page)];
    return this.q.save(
      caller,
      body,
      'save_step',
      steps,
      async (tx, ctx) => {
        const page = await repo.pageOf(tx, ctx.period.id, body.page);
        if (page?.kind !== 'form') throw new AppError('NOT_FOUND');
        const questions = page.questions as PageQuestion[];
        const known = new Map(questions.map((x) => [x.id, x]));
        const fields: Record<string, FieldMessage> = {};
        const answers: Record<string, PageAnswerValue> = {};
        for (const [id, v] of Object.entries(body.answers)) {
          const question = known.get(id);
          if (!question) {
            fields[`answers.${id}`] = 'validation.invalid';
            continue;
          }
          const problem = pageAnswerProblem(question, v);
          if (problem) fields[`answers.${id}`] = problem;
          else if (v !== null && v !== '' && !(Array.isArray(v) && !v.length)) answers[id] = typeof v === 'string' ? v.trim() : v;
        }
        if (Object.keys(fields).length) throw new AppError('VALIDATION', { fields });
        const before = await repo.pageAnswersOf(tx, ctx.response.id, page.id);
        if (sameJson(Object.entries(before).sort(), Object.entries(answers).sort())) return { changed: false, summary: {} };
        await repo.savePageAnswers(tx, ctx.response.id, page.id, answers);
        const count = pageCount(questions, answers);
        return { changed: true, summary: { page: page.key, answered: count.answered, before, after: answers } };
      },
      (tx, ctx) => this.savedPageOf(tx, ctx, body.page),
    );
  }
}
