import net from 'node:net';
import { account, organisation, system } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyOfTemplate, createTestApp, DEMO_PASSWORD, type TestApp } from '../test/harness.ts';
import { openDatabase } from './db/client.ts';

/** A loopback TCP proxy to the database that the test can cut and restore, as a network or a restart would. */
class CuttableProxy {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private open = true;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => {
      if (!this.open) return void client.destroy();
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  cut(): void {
    this.open = false;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.open = true;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe.runIf(inject('engine') === 'postgres')('the database away for a moment', () => {
  let t: TestApp;
  let proxy: CuttableProxy;
  beforeAll(async () => {
    const url = new URL(await copyOfTemplate());
    proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(await proxy.listen());
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 3, migrate: false });
    t = await createTestApp({}, { database });
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });

  const requests = (token: string, locale = 'en') => {
    const headers = { 'accept-language': locale };
    return {
      health: () => t.api(system.health, undefined, undefined, { headers }),
      read: () => t.api(organisation.companies.aipm, { pageSize: 200 }, token, { headers }),
      write: (name: string) => t.api(organisation.addCompany, { name }, token, { headers }),
      login: () => t.api(account.login, { email: 'staff@demo.test', password: DEMO_PASSWORD }, undefined, { headers }),
    };
  };

  it('answers 503 with Retry-After and a message while it is away, and serves again without a restart when it is back', async () => {
    const token = await t.login('staff@demo.test');
    const en = requests(token);
    expect((await en.write('Written Before Pharma')).statusCode).toBe(200);

    proxy.cut();
    for (const res of [await en.health(), await en.read(), await en.write('Written During Pharma'), await en.login()]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: 'The portal is briefly unavailable. Please try again in a moment.' });
    }
    const ru = await requests(token, 'ru').read();
    expect(ru.json().message).toBe('Портал ненадолго недоступен. Пожалуйста, повторите попытку через минуту.');

    proxy.restore();
    expect((await en.health()).statusCode).toBe(200);
    const companies = await en.read();
    expect(companies.statusCode).toBe(200);
    const names = companies.json().rows.map((c: { name: string }) => c.name);
    expect(names).toContain('Written Before Pharma');
    expect(names).not.toContain('Written During Pharma');
    expect((await en.write('Written After Pharma')).statusCode).toBe(200);
    expect((await en.login()).statusCode).toBe(200);
  });
});
