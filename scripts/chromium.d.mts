export declare const chromiumPath: string;
export declare const testChromiumPath: string;
export declare const chromiumFlags: string[];
export declare const chromiumPackages: string[];
export declare const chromiumInstallCommand: string;
