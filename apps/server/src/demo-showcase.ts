import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type EventInput, eventBody, type Role, type User, type VotingDetail, votingBody } from '@portal/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import type { Db } from './db/client.ts';
import { committeeMembers, committees, digests, users } from './db/schema/index.ts';
import { DEMO_PASSWORD } from './db/seed/demo.ts';
import { hashPassword } from './lib/crypto.ts';
import { findUserById } from './modules/account/account.repository.ts';

const IP = '127.0.0.1';

/** Member companies beside the demo one, each with a person in every company role. */
const COMPANIES: { name: string; domain: string; people: [Role, string, string, string][] }[] = [
  {
    name: 'Northwind Pharma',
    domain: 'northwind.test',
    people: [
      ['ceo', 'Olga', 'Morozova', 'General Manager'],
      ['trusted', 'Pavel', 'Kuznetsov', 'HR Director'],
      ['employee', 'Maria', 'Sokolova', 'Market Access Lead'],
      ['employee', 'Dmitry', 'Volkov', 'Medical Advisor'],
    ],
  },
  {
    name: 'Volga Biotech',
    domain: 'volgabio.test',
    people: [
      ['ceo', 'Igor', 'Lebedev', 'Managing Director'],
      ['trusted', 'Elena', 'Popova', 'Compensation and Benefits Manager'],
      ['employee', 'Anton', 'Novikov', 'Regulatory Affairs Specialist'],
    ],
  },
  {
    name: 'Baltic Generics',
    domain: 'balticgen.test',
    people: [
      ['ceo', 'Natalia', 'Fedorova', 'General Director'],
      ['trusted', 'Sergey', 'Orlov', 'Head of Government Affairs'],
      ['employee', 'Ksenia', 'Vasilieva', 'Pharmacovigilance Officer'],
    ],
  },
];

const emailOf = (name: string, surname: string, domain: string) => `${name}.${surname}@${domain}`.toLowerCase();

async function userByEmail(db: Db, email: string): Promise<User> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const user = row && (await findUserById(db, row.id));
  if (!user) throw new Error(`showcase: no user ${email}`);
  return user;
}

/**
 * A fresh `npm start` shows a living portal, not empty lists: member companies with people in every role, a voting
 * running now, two finished ones with published results, a signup request waiting, and the logs of all of it. It runs
 * once, right after the demo accounts are created, through the services, so every step is validated and logged as a
 * real one would be. The people it adds sign in with the demo password. (The tests and the journeys run without it.)
 */
export async function seedShowcase(app: FastifyInstance, db: Db, now: Date): Promise<void> {
  const { companies, people, voting, casting, accounts } = app.services;
  const staff = await userByEmail(db, 'staff@demo.test');
  const emails: string[] = [];
  for (const c of COMPANIES) {
    const company = await companies.add(staff, { name: c.name, domain: c.domain, status: 'confirmed' }, IP);
    for (const [role, name, surname, position] of c.people) {
      const email = emailOf(name, surname, c.domain);
      await people.add(staff, { name, surname, position, phone: '+7 495 555-01-00', email, role, companyId: company.id }, IP);
      emails.push(email);
    }
  }
  // They have set their passwords (as if from the invitation they were sent), so each can be tried.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.update(users).set({ passwordHash, status: 'joined', updatedAt: now }).where(inArray(users.email, emails));

  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  const open = async (title: string, question: string, options: string[], endsInMinutes: number): Promise<VotingDetail> => {
    const created = await voting.create(
      staff,
      votingBody.parse({
        title,
        question,
        language: 'en',
        startsAt: at(-30),
        endsAt: at(endsInMinutes),
        options: options.map((name, i) => ({ seq: i + 1, name, comment: null })),
        unit: 'company',
      }),
      IP,
    );
    return voting.next(staff, created.id, 'planned', IP);
  };
  /** The voters of each company, in order, answer the options given (by index). */
  const cast = async (v: VotingDetail, answers: [string, number][]) => {
    for (const [email, option] of answers) {
      const optionId = v.options[option]?.id;
      if (optionId) await casting.vote(await userByEmail(db, email), v.id, [optionId]);
    }
  };
  const northwind = emailOf('Olga', 'Morozova', 'northwind.test');
  const volga = emailOf('Igor', 'Lebedev', 'volgabio.test');
  const baltic = emailOf('Natalia', 'Fedorova', 'balticgen.test');

  for (const [title, question, options, answers] of [
    ['Board election 2026', 'Who should chair the board of the association in 2026?', ['Olga Morozova', 'Igor Lebedev'], [0, 0, 1, 0]],
    ['Annual report 2025', 'Do you approve the annual report for 2025?', ['Approve', 'Reject', 'Abstain'], [0, 0, 0, 2]],
  ] as const) {
    const v = await open(title, question, [...options], 60);
    await cast(v, [
      ['ceo@demo.test', answers[0]],
      [northwind, answers[1]],
      [volga, answers[2]],
      [baltic, answers[3]],
    ]);
    await voting.next(staff, v.id, 'started', IP);
    await voting.publish(staff, v.id, true, true, IP);
  }
  const running = await open(
    'Membership fee 2027',
    'Which membership fee schedule should the association adopt for 2027?',
    ['Keep the 2026 fees', 'Index the fees by 5%', 'Tiered fees by turnover'],
    7 * 24 * 60,
  );
  await cast(running, [
    [northwind, 2],
    [volga, 1],
  ]);

  await accounts.signup(
    {
      company: 'Kama Pharmaceuticals',
      name: 'Irina',
      surname: 'Gromova',
      position: 'Regulatory Affairs Manager',
      phone: '+7 843 555-01-23',
      email: 'irina.gromova@kamapharm.test',
      consent: true,
    },
    { ip: IP, locale: 'en', userAgent: '' },
  );

  await publishDigests(app, db, now);
  await planEvents(app, db, now, { northwind, volga });
}

/** Committees with a few members, and the coming events: a general meeting with registration, committee meetings, a forum. */
async function planEvents(app: FastifyInstance, db: Db, now: Date, people: { northwind: string; volga: string }): Promise<void> {
  const staff = await userByEmail(db, 'staff@demo.test');
  const committee = async (nameEn: string, nameRu: string, position: number, details: [string, string], parentId: number | null = null) =>
    (
      await db
        .insert(committees)
        .values({ nameEn, nameRu, position, parentId, detailsEn: details[0], detailsRu: details[1], selfService: parentId !== null })
        .returning({ id: committees.id })
    )[0]!.id;
  const regulatory = await committee('Regulatory Affairs Committee', 'Комитет по регуляторным вопросам', 1, [
    'Registration, GMP inspections and the rules of the Eurasian Economic Union: positions for the regulators and comments on draft laws.',
    'Регистрация, инспекции GMP и правила ЕАЭС: позиции для регуляторов и отзывы на проекты законов.',
  ]);
  const vigilance = await committee(
    'Pharmacovigilance Working Group',
    'Рабочая группа по фармаконадзору',
    1,
    ['Safety reporting practice and the dialogue with Roszdravnadzor.', 'Практика сообщений о безопасности и диалог с Росздравнадзором.'],
    regulatory,
  );
  const access = await committee('Market Access Committee', 'Комитет по доступу на рынок', 2, [
    'Pricing, reimbursement lists and health technology assessment.',
    'Ценообразование, перечни возмещения и оценка технологий здравоохранения.',
  ]);
  const ethics = await committee('Ethics and Compliance Committee', 'Комитет по этике и комплаенсу', 3, [
    'The code of practice, its interpretation and training for member companies.',
    'Кодекс практики, его толкование и обучение для компаний-членов.',
  ]);
  const since = now.toISOString().slice(0, 10);
  const member = async (email: string, committeeId: number, position: string) =>
    db.insert(committeeMembers).values({ committeeId, userId: (await userByEmail(db, email)).id, position, since });
  await member('employee@demo.test', regulatory, 'member');
  await member('trusted@demo.test', vigilance, 'secretary');
  await member('ceo@demo.test', access, 'chair');
  await member(people.northwind, access, 'member');
  await member(people.volga, regulatory, 'chair');
  // Requests waiting for the secretariat, and subscribers besides the members.
  const asker = (email: string) => userByEmail(db, email).then((user) => ({ user, ip: IP }));
  const employee = await asker('employee@demo.test');
  await app.services.membershipRequests.ask(
    employee,
    { committeeId: access, userId: employee.user.id, position: 'member', note: 'I run our reimbursement dossiers.' },
    undefined,
  );
  const northwind = await asker(people.northwind);
  const taken = await app.services.membershipRequests.ask(
    northwind,
    { committeeId: ethics, userId: northwind.user.id, position: 'member', note: '' },
    undefined,
  );
  await app.services.membershipRequests.take({ user: staff, ip: IP }, taken.id);
  await app.services.subscribers.setOwn(await asker('ceo@demo.test'), regulatory, true);
  await app.services.subscribers.setOwn(await asker(people.volga), access, true);

  // At 10:00 Moscow time (07:00 UTC) on the day `days` ahead.
  const day = (days: number, hourUtc = 7) => {
    const d = new Date(now.getTime() + days * 86_400_000);
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hourUtc)).toISOString();
  };
  const plan = (e: Partial<EventInput> & Pick<EventInput, 'titleEn' | 'titleRu' | 'startsAt' | 'endsAt'>) =>
    app.services.calendar.create({ user: staff, ip: IP }, eventBody.parse(e));
  const meeting = await plan({
    titleEn: 'General meeting of members',
    titleRu: 'Общее собрание членов',
    descriptionEn: 'The annual general meeting: the report of the board, the budget for 2027 and the election of the board.',
    descriptionRu: 'Ежегодное общее собрание: отчёт правления, бюджет на 2027 год и выборы правления.',
    startsAt: day(14),
    endsAt: day(14, 10),
    place: 'Moscow, Krasnopresnenskaya emb. 12, Congress Hall',
    registration: true,
    seats: 120,
  });
  await plan({
    titleEn: 'Regulatory Affairs Committee meeting',
    titleRu: 'Заседание комитета по регуляторным вопросам',
    descriptionEn: 'The new rules for registering medicines in the EAEU.',
    descriptionRu: 'Новые правила регистрации лекарственных препаратов в ЕАЭС.',
    startsAt: day(7, 11),
    endsAt: day(7, 12),
    onlineUrl: 'https://meet.example.org/regulatory',
    committeeId: regulatory,
  });
  await plan({
    titleEn: 'Pharmacovigilance workshop',
    titleRu: 'Семинар по фармаконадзору',
    startsAt: day(21, 8),
    endsAt: day(21, 12),
    place: 'AIPM office, meeting room 2',
    committeeId: vigilance,
    registration: true,
    seats: 12,
  });
  await plan({
    titleEn: 'Market Access Committee meeting',
    titleRu: 'Заседание комитета по доступу на рынок',
    startsAt: day(10, 9),
    endsAt: day(10, 11),
    place: 'AIPM office, meeting room 1',
    committeeId: access,
  });
  const forumStart = day(30, 0);
  await plan({
    titleEn: 'Russian Pharma Forum',
    titleRu: 'Российский фармацевтический форум',
    startsAt: forumStart,
    endsAt: new Date(Date.parse(forumStart) + 2 * 86_400_000).toISOString(),
    allDay: true,
    place: 'Saint Petersburg, Expoforum',
  });
  for (const email of ['ceo@demo.test', people.northwind, people.volga])
    await app.services.calendar.register({ user: await userByEmail(db, email), ip: IP }, meeting.id);
}

/** Three issues of the media digest, one a month, as PDFs the admin uploaded. */
async function publishDigests(app: FastifyInstance, db: Db, now: Date): Promise<void> {
  const admin = await userByEmail(db, 'admin@demo.test');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-showcase-'));
  try {
    for (const [monthsAgo, month] of [
      [2, 'September 2026'],
      [1, 'October 2026'],
      [0, 'November 2026'],
    ] as const) {
      const file = path.join(dir, `${month}.pdf`);
      await writeDigestPdf(file, month);
      const upload = {
        field: 'file',
        filename: `AIPM media digest, ${month}.pdf`,
        mimetype: 'application/pdf',
        path: file,
        size: (await fs.stat(file)).size,
      };
      const issue = await app.services.digest.create(admin, upload, undefined, IP);
      const uploadedAt = new Date(now.getTime() - monthsAgo * 30 * 86_400_000);
      await db.update(digests).set({ uploadedAt }).where(eq(digests.id, issue.id));
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function writeDigestPdf(file: string, month: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ info: { Title: `AIPM media digest, ${month}` } });
    const out = createWriteStream(file);
    out.on('finish', resolve);
    out.on('error', reject);
    doc.pipe(out);
    doc.fontSize(20).text(`AIPM media digest, ${month}`);
    doc
      .moveDown()
      .fontSize(12)
      .text('What the press wrote about the pharmaceutical industry this month: regulation, market access, pricing and the association.');
    doc.end();
  });
}
