import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { Browser, newAccount, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
async function startMailbox(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks)
            .toString("utf8")
            .replace(/=\r?\n/g, ""),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

describe("with SMTP_URL set", () => {
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let server: TestServer;
  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}` });
  });
  afterAll(async () => {
    await server.stop();
    await mailbox.close();
  });

  it("sends the verification mail through SMTP and asks for verification before login", async () => {
    const account = newAccount();
    const browser = new Browser(server.url);
    await browser.post("/api/auth/signup", account);
    const mail = mailbox.received.find((m) => m.to.includes(account.email));
    expect(mail?.raw).toContain("Subject: Confirm your Arena account");
    const blocked = await browser.post("/api/auth/login", { login: account.username, password: account.password });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe("email_not_verified");

    const link = mail!.raw.match(/https?:\/\/\S+\/api\/auth\/verify\/[\w-]+/)![0];
    const latest = mailbox.received.filter((m) => m.to.includes(account.email)).at(-1)!;
    const newestLink = latest.raw.match(/https?:\/\/\S+\/api\/auth\/verify\/[\w-]+/)![0];
    expect(newestLink).not.toBe(link);
    expect((await fetch(newestLink, { redirect: "manual" })).headers.get("location")).toBe("/?verified=true");
    const ok = await browser.post("/api/auth/login", { login: account.username, password: account.password });
    expect(ok.status).toBe(200);
  });

  it("writes the mail in the language of the request", async () => {
    const account = newAccount();
    await new Browser(server.url, "fr-FR,fr;q=0.9").post("/api/auth/signup", account);
    const mail = mailbox.received.find((m) => m.to.includes(account.email));
    expect(mail?.raw).toContain("Confirmez votre compte Arena");
  });
});
