/** The run notice of `--insecure` (report.warnings: shown at the top of report.html and in the terminal summary). */
export const INSECURE_NOTICE = 'TLS certificates were NOT verified (--insecure): this report does not prove who answered'
