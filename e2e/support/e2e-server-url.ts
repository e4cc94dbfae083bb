export const e2ePort = Number(process.env.E2E_PORT ?? 3999);
export const e2eServerUrl = `http://127.0.0.1:${e2ePort}`;
