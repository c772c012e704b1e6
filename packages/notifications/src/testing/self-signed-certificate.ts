import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A certificate for 127.0.0.1 and its key, as PEM text and files. */
export interface SelfSignedCertificate {
  readonly cert: string;
  readonly key: string;
  /** The certificate's file: what a child process trusts through `NODE_EXTRA_CA_CERTS`. */
  readonly certFile: string;
  /** Deletes the files. */
  remove(): void;
}

/**
 * A fresh self-signed P-256 certificate for `IP:127.0.0.1`, valid two days, made by openssl in
 * a private temp folder: push services are HTTPS, and web-push never sends over plain HTTP.
 */
export function createSelfSignedCertificate(): SelfSignedCertificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-cert-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return {
    cert: fs.readFileSync(certFile, 'utf8'),
    key: fs.readFileSync(keyFile, 'utf8'),
    certFile,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
