export declare function deployNginxConfig(
  dir: string,
  options: {
    port: number;
    redirectPort: number;
    appPort: number;
    tls?: { cert: string; key: string };
    pagesConf?: string;
    workers?: number;
    viewLog?: string | false;
  },
): string;

export declare function nginxTempPaths(dir: string): string;
