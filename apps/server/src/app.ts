import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { ENDPOINTS, LIMITS } from '@portal/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import serverPackage from '../package.json' with { type: 'json' };
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { EMBEDDED_VACUUM_EVERY_MS, vacuumEmbedded } from './db/embedded-vacuum.ts';
import { requestArrival } from './db/statement-order.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createFileStore, type FileStore } from './lib/file-store.ts';
import { HitCounter, pruneCounters } from './lib/hit-counter.ts';
import { JobQueue } from './lib/job-queue.ts';
import { LiveBus } from './lib/live-bus.ts';
import { pruneEvents } from './lib/rate-limiter.ts';
import { Readiness } from './lib/readiness.ts';
import { createTransport, MailSender, type Transport } from './mail/sender.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { AccountService } from './modules/account/account.service.ts';
import { erasureRoutes } from './modules/account/erasure.routes.ts';
import { ErasureService } from './modules/account/erasure.service.ts';
import { PasskeysService } from './modules/account/passkeys.service.ts';
import { PersonalDataExport } from './modules/account/personal-data.ts';
import { StreamTickets } from './modules/account/stream-tickets.ts';
import { TwoFactorService } from './modules/account/two-factor.service.ts';
import { historyRoutes } from './modules/action-log/history.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { CalendarService } from './modules/calendar/calendar.service.ts';
import { committeesRoutes } from './modules/committees/committees.routes.ts';
import { CommitteesService } from './modules/committees/committees.service.ts';
import { MailSettingsService } from './modules/committees/mail-settings.service.ts';
import { MailingsService } from './modules/committees/mailings.service.ts';
import { MembersService } from './modules/committees/members.service.ts';
import { MembershipRequestsService } from './modules/committees/membership-requests.service.ts';
import { SubscribersService } from './modules/committees/subscribers.service.ts';
import { codexRoutes } from './modules/content/codex.routes.ts';
import { CodexService } from './modules/content/codex.service.ts';
import { digestRoutes } from './modules/content/digest.routes.ts';
import { DigestService } from './modules/content/digest.service.ts';
import { documentsRoutes } from './modules/content/documents.routes.ts';
import { DocumentsService } from './modules/content/documents.service.ts';
import { helpRoutes } from './modules/content/help.routes.ts';
import { HelpService } from './modules/content/help.service.ts';
import { PdfFiles } from './modules/content/pdf-files.ts';
import { SiteFiles } from './modules/content/site-files.ts';
import { creditRoutes } from './modules/credit/credit.routes.ts';
import { CreditEntryService } from './modules/credit/credit-entry.service.ts';
import { CreditReportService } from './modules/credit/credit-report.service.ts';
import { CreditReviewService } from './modules/credit/credit-review.service.ts';
import { DistributorRequestsService } from './modules/credit/distributor-requests.service.ts';
import { DistributorsService } from './modules/credit/distributors.service.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { ApplicationsService } from './modules/organisation/applications.service.ts';
import { CompaniesService } from './modules/organisation/companies.service.ts';
import { ImportService } from './modules/organisation/import.service.ts';
import { organisationRoutes } from './modules/organisation/organisation.routes.ts';
import { PeopleService } from './modules/organisation/people.service.ts';
import { ReportAccessService } from './modules/reports/access.service.ts';
import { ReportDownloads } from './modules/reports/downloads.service.ts';
import { EditionsService } from './modules/reports/editions.service.ts';
import { ReportGeneration } from './modules/reports/generation.ts';
import { RenderThread } from './modules/reports/render/render-thread.ts';
import { ReportContents } from './modules/reports/report-contents.ts';
import { ReportJobs } from './modules/reports/report-jobs.ts';
import { type ReportsServices, reportsRoutes } from './modules/reports/reports.routes.ts';
import { AnswersService } from './modules/survey/answers.service.ts';
import { CompletionService } from './modules/survey/completion.service.ts';
import { ContactService } from './modules/survey/contact.service.ts';
import { IncumbentsService } from './modules/survey/incumbents.service.ts';
import { PositionsExcelService } from './modules/survey/positions-excel.service.ts';
import { PositionsGridService } from './modules/survey/positions-grid.service.ts';
import { QuestionnaireService } from './modules/survey/questionnaire.service.ts';
import { type SurveyServices, surveyRoutes } from './modules/survey/survey.routes.ts';
import { AreasService } from './modules/survey-access/areas.service.ts';
import { AvailableReportsService } from './modules/survey-access/available-reports.service.ts';
import { surveyAccessRoutes } from './modules/survey-access/survey-access.routes.ts';
import { DatafilesService } from './modules/survey-admin/datafiles.service.ts';
import { PeriodsService } from './modules/survey-admin/periods.service.ts';
import { ProgressService } from './modules/survey-admin/progress.service.ts';
import { RemindersService } from './modules/survey-admin/reminders.service.ts';
import { ReviewService } from './modules/survey-admin/review.service.ts';
import { surveyAdminRoutes } from './modules/survey-admin/survey-admin.routes.ts';
import { Retention } from './modules/system/retention.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { TemplateImages } from './modules/templates/template-images.ts';
import * as templatesRepo from './modules/templates/templates.repository.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { TemplatesService } from './modules/templates/templates.service.ts';
import { CastingService } from './modules/voting/casting.service.ts';
import { PublicFormService } from './modules/voting/public-form.service.ts';
import { ResponseModerationService } from './modules/voting/response-moderation.service.ts';
import { VoterViewsService } from './modules/voting/voter-views.service.ts';
import { votingRoutes } from './modules/voting/voting.routes.ts';
import { VotingService } from './modules/voting/voting.service.ts';
import { VotingCeiling } from './modules/voting/voting-ceiling.ts';
import { VotingResultsService } from './modules/voting/voting-results.service.ts';
import { registerConnectionDraining } from './plugins/draining.ts';
import { registeredEndpoints } from './plugins/endpoint.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebFiles } from './plugins/web-files.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Replaces the configured file store (tests). */
  files?: FileStore;
  /** Replaces SMTP or .eml files (tests). */
  transport?: Transport;
  /** Sends mail, runs the voting schedule, the events' and the survey's reminders in the background (off in tests, which call them by hand). */
  runBackgroundJobs?: boolean;
  /** Whether the server takes requests (main starts it not ready and drains it); ready by default (tests). */
  readiness?: Readiness;
}

export interface Services {
  accounts: AccountService;
  mail: MailSender;
  companies: CompaniesService;
  people: PeopleService;
  applications: ApplicationsService;
  imports: ImportService;
  voting: VotingService;
  votingResults: VotingResultsService;
  casting: CastingService;
  responseModeration: ResponseModerationService;
  voterViews: VoterViewsService;
  publicForm: PublicFormService;
  digest: DigestService;
  siteFiles: SiteFiles;
  help: HelpService;
  codex: CodexService;
  documents: DocumentsService;
  committees: CommitteesService;
  members: MembersService;
  membershipRequests: MembershipRequestsService;
  subscribers: SubscribersService;
  mailSettings: MailSettingsService;
  mailings: MailingsService;
  templates: TemplatesService;
  templateImages: TemplateImages;
  calendar: CalendarService;
  areas: AreasService;
  availableReports: AvailableReportsService;
  surveyPeriods: PeriodsService;
  surveyDatafiles: DatafilesService;
  surveyProgress: ProgressService;
  surveyReminders: RemindersService;
  surveyReview: ReviewService;
  /** Report tasks on pg-boss; tests run them with `drain()`. */
  reportJobs: ReportJobs;
  distributors: DistributorsService;
  creditEntry: CreditEntryService;
  creditReview: CreditReviewService;
  distributorRequests: DistributorRequestsService;
  creditReport: CreditReportService;
  /** The daily purge of personal data past its keeping (retention.ts). */
  retention: Retention;
  twoFactor: TwoFactorService;
  passkeys: PasskeysService;
  personalData: PersonalDataExport;
  erasure: ErasureService;
}

/** The app's services: each domain's, the salary survey's questionnaire (SurveyServices) and the reports' (ReportsServices). */
type AllServices = Services & SurveyServices & ReportsServices;

declare module 'fastify' {
  interface FastifyInstance {
    services: AllServices;
    database: Database;
  }
}

/** The largest upload; the digest's 10 MB PDFs are the biggest files the spec names. */
const UPLOAD_LIMIT_BYTES = LIMITS.digestMaxBytes;

/** How often the rate limiter's old events are dropped. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Never log secrets: passwords, tokens and codes are redacted wherever they appear. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.registrationCode'];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: REDACT,
      serializers: {
        // Query strings such as ?registrationCode=… or a calendar feed's ?key=… would otherwise put secrets in the log.
        req: (req) => ({ method: req.method, url: req.url.replace(/([?&](?:registrationCode|code|token|key)=)[^&]*/gi, '$1[redacted]'), ip: req.ip }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.decorate('database', database);
  // The first hook: the request's arrival, by which the embedded database orders the statements waiting for it.
  app.addHook('onRequest', (_request, _reply, done) => {
    requestArrival.enterWith(performance.now());
    done();
  });

  // Says to every app server's live pages that something changed (LISTEN/NOTIFY; one listening connection per server).
  const live = new LiveBus(database, app.log);
  await live.start();
  app.addHook('onClose', () => live.stop());

  const transport = deps.transport ?? createTransport(config.smtpUrl, path.join(config.dataDir, 'mail'), app.log);
  const accounts = new AccountService(database.db, config, clock);
  const voting = new VotingService(database.db, config, clock);
  const votingResults = new VotingResultsService(database.db, voting);
  const casting = new CastingService(database.db, clock, live);
  const files = deps.files ?? createFileStore(config.s3, config.dataDir);
  const pdfFiles = new PdfFiles(files, app.log);
  const siteFiles = new SiteFiles(database.db, clock, pdfFiles);
  const committees = new CommitteesService(database.db, clock);
  const templateImages = new TemplateImages(files, config.publicUrl);
  const mailSettings = new MailSettingsService(database.db, clock, templatesRepo.builtinIds, templatesRepo.isOfType);
  const members = new MembersService(database.db, clock, committees, mailSettings, config.publicUrl);
  const subscribers = new SubscribersService(database.db, clock, committees);
  const companies = new CompaniesService(database.db, clock);
  const areas = new AreasService(database.db, clock);
  const surveyPeriods = new PeriodsService(database.db, clock);
  const questionnaire = new QuestionnaireService(database.db, clock, areas);
  const positionsGrid = new PositionsGridService(database.db, questionnaire);
  const jobQueue = new JobQueue(database, app.log);
  const renderThread = new RenderThread(database.url);
  const creditReport = new CreditReportService(database.db);
  const reportContents = new ReportContents(database.db, clock, surveyPeriods, renderThread, creditReport);
  const reportJobs = new ReportJobs(
    database.db,
    clock,
    jobQueue,
    app.log,
    new ReportGeneration(database.db, clock, files, reportContents).works(),
    config.reportTaskStaleMs,
  );
  const reportAccess = new ReportAccessService(
    database.db,
    clock,
    areas,
    surveyPeriods,
    (tx, periodId) => reportContents.participants(tx, periodId),
    config.publicUrl,
  );
  const distributors = new DistributorsService(database.db, clock);
  const creditEntry = new CreditEntryService(database.db, clock, areas, distributors);
  const services: AllServices = {
    accounts,
    mail: new MailSender(database.db, transport, clock, config.mailFrom, app.log, live),
    retention: new Retention(database.db, config, clock),
    twoFactor: new TwoFactorService(database.db, clock, accounts),
    passkeys: new PasskeysService(database.db, config, clock, accounts),
    personalData: new PersonalDataExport(database.db, clock),
    erasure: new ErasureService(database.db, config, clock),
    companies,
    people: new PeopleService(database.db, clock, accounts),
    applications: new ApplicationsService(database.db, clock, accounts),
    imports: new ImportService(database.db, clock, accounts),
    voting,
    votingResults,
    casting,
    responseModeration: new ResponseModerationService(database.db, clock),
    voterViews: new VoterViewsService(database.db, clock, votingResults),
    publicForm: new PublicFormService(database.db, clock, casting, new VotingCeiling(database.db, clock, config.limits)),
    digest: new DigestService(database.db, clock, pdfFiles, config.publicUrl),
    siteFiles,
    help: new HelpService(database.db, clock, siteFiles),
    codex: new CodexService(database.db, clock, siteFiles),
    documents: new DocumentsService(database.db, clock, pdfFiles),
    committees,
    members,
    membershipRequests: new MembershipRequestsService(database.db, clock, committees, members, mailSettings, pdfFiles, config.publicUrl),
    subscribers,
    mailSettings,
    mailings: new MailingsService(database.db, clock, committees, mailSettings, config.publicUrl),
    templates: new TemplatesService(database.db, clock, mailSettings.chooses, templateImages),
    templateImages,
    calendar: new CalendarService(database.db, clock, committees, { publicUrl: config.publicUrl, timeZone: config.timeZone }),
    areas,
    availableReports: new AvailableReportsService(database.db, clock, areas),
    surveyPeriods,
    surveyDatafiles: new DatafilesService(database.db, clock, files, pdfFiles, surveyPeriods),
    surveyProgress: new ProgressService(database.db, surveyPeriods),
    surveyReminders: new RemindersService(database.db, clock, surveyPeriods, { publicUrl: config.publicUrl, timeZone: config.timeZone }),
    surveyReview: new ReviewService(database.db, clock, surveyPeriods, config.publicUrl),
    // Salary survey: the questionnaire (FILL)
    questionnaire,
    positionsGrid,
    surveyAnswers: new AnswersService(database.db, questionnaire),
    surveyCompletion: new CompletionService(database.db, clock, questionnaire, config.publicUrl),
    positionsExcel: new PositionsExcelService(database.db, questionnaire, positionsGrid),
    incumbents: new IncumbentsService(database.db, clock, questionnaire, positionsGrid),
    contacts: new ContactService(database.db, clock, areas, questionnaire),
    // Reports: statistics, editions built by durable tasks, access, downloads
    reportJobs,
    reportContents,
    reportEditions: new EditionsService(database.db, clock, surveyPeriods, reportContents, reportJobs),
    reportAccess,
    reportDownloads: new ReportDownloads(database.db, clock, files, reportContents, reportAccess),
    distributors,
    creditEntry,
    creditReview: new CreditReviewService(database.db, clock, creditEntry, config.publicUrl),
    distributorRequests: new DistributorRequestsService(database.db, clock, creditEntry, distributors, config.publicUrl),
    creditReport,
  };
  app.decorate('services', services);
  // Switching a company off ends its representation in committees: subscriptions go, open requests are removed.
  companies.cascade.add((tx, companyId) => subscribers.removeCompanySubscriptions(tx, companyId));
  companies.cascade.add((tx, companyId, now) => services.membershipRequests.removeOpenOfCompany(tx, companyId, now));
  // A committee term that ends gives up the person's places at the committee's coming events.
  members.onTermEnd((tx, actor, committeeId, person) => services.calendar.releasePlaces(tx, actor, person, committeeId));
  services.erasure.onErase((tx, actor, person) => services.calendar.releasePlaces(tx, actor, person, null));

  registerConnectionDraining(app);
  registerSecurityHeaders(app, config.https);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 5, fields: 50 }, throwFileSizeLimit: true });
  registerRequestContext(app, services.accounts);
  registerErrorHandling(app, config.webDist);
  await registerWebFiles(app, config.webDist);
  await registerOpenApi(app, serverPackage.version);

  await app.register(async (api) => {
    systemRoutes(api, database, config.links, deps.readiness ?? new Readiness(true));
    accountRoutes(api, services.accounts, services.twoFactor, services.personalData, services.passkeys, { https: config.https });
    erasureRoutes(api, services.erasure);
    organisationRoutes(api, { db: database.db, clock, ...services });
    votingRoutes(api, {
      db: database.db,
      clock,
      publicHits: new HitCounter(database.db, clock, 'vote-address', config.limits.votePerAddress, config.limits.voteWindowMs),
      ...services,
    });
    digestRoutes(api, services.digest);
    helpRoutes(api, services.help, services.siteFiles);
    codexRoutes(api, services.codex, services.siteFiles);
    documentsRoutes(api, services.documents);
    committeesRoutes(api, { db: database.db, ...services });
    calendarRoutes(api, services.calendar);
    templatesRoutes(api, services.templates, services.templateImages);
    historyRoutes(api, database.db, clock);
    surveyAccessRoutes(api, services.areas, services.availableReports);
    liveRoutes(api, { bus: live, tickets: new StreamTickets(database.db, clock), votingResults });
    surveyAdminRoutes(api, services);
    surveyRoutes(api, services);
    reportsRoutes(api, services);
    creditRoutes(api, services);
    const registered = registeredEndpoints.get(api) ?? new Set();
    const missing = ENDPOINTS.filter((e) => !registered.has(e)).map((e) => `${e.method} ${e.path}`);
    if (missing.length) throw new Error(`Endpoints without a handler: ${missing.join(', ')}`);
  });

  if (deps.runBackgroundJobs) {
    services.mail.start();
    // Report tasks are worked here, one at a time per server; a task of a server that died is failed and retried.
    await reportJobs.start();
    // Votings start and stop by themselves at their dates.
    const scheduler = setInterval(() => void voting.tick().catch((err) => app.log.error({ err }, 'voting schedule failed')), 5000);
    scheduler.unref();
    // The day-before reminders of events with registration.
    const reminders = setInterval(() => void services.calendar.remind().catch((err) => app.log.error({ err }, 'event reminders failed')), 60_000);
    reminders.unref();
    // The salary survey's reminders at 14, 7 and 2 days before each company's deadline.
    const surveyReminders = setInterval(
      () => void services.surveyReminders.remindDue().catch((err) => app.log.error({ err }, 'survey reminders failed')),
      60_000,
    );
    surveyReminders.unref();
    // Counted events older than every limit's window count for nothing: dropped every hour, so the table stays small.
    const retentionMs = Math.max(config.limits.loginWindowMs, config.limits.requestWindowMs, config.limits.voteWindowMs);
    const prune = () => {
      const before = new Date(clock.now().getTime() - retentionMs);
      Promise.all([pruneEvents(database.db, before), pruneCounters(database.db, before)]).catch((err) =>
        app.log.error({ err }, 'pruning the rate limits failed'),
      );
    };
    const pruner = setInterval(prune, PRUNE_EVERY_MS);
    pruner.unref();
    // Personal data past its keeping: asked every hour, run once a day for the whole portal.
    const retention = () => void services.retention.runIfDue().catch((err) => app.log.error({ err }, 'the retention run failed'));
    const retainer = setInterval(retention, PRUNE_EVERY_MS);
    retainer.unref();
    // The embedded engine has no autovacuum of its own (db/embedded-vacuum.ts).
    const vacuum = async () => {
      const done = await vacuumEmbedded(database);
      if (done.analysed.length) app.log.info(done, 'embedded database vacuumed and analysed');
    };
    const vacuumer =
      database.engine === 'pglite'
        ? setInterval(() => void vacuum().catch((err) => app.log.error({ err }, 'vacuuming the embedded database failed')), EMBEDDED_VACUUM_EVERY_MS)
        : undefined;
    vacuumer?.unref();
    app.addHook('onClose', async () => {
      clearInterval(scheduler);
      clearInterval(reminders);
      clearInterval(surveyReminders);
      clearInterval(pruner);
      clearInterval(retainer);
      clearInterval(vacuumer);
    });
  }
  app.addHook('onClose', async () => {
    await services.mail.stop();
    reportJobs.stop();
    await jobQueue.stop();
    await renderThread.stop();
  });
  return app;
}
