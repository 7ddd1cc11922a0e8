/**
 * Facts about the project the site links to: its repository and issue forms.
 */

/** The project's GitHub repository, `owner/name`. */
const REPOSITORY = 'TwoMuchLabs/reversibility-classes';

/** The repository's web address. */
export const REPOSITORY_URL = `https://github.com/${REPOSITORY}`;

/** File names of the issue forms in `.github/ISSUE_TEMPLATE/`. */
export const ISSUE_FORMS = {
  dispute: 'classification-dispute.yml',
  missingServer: 'missing-server.yml',
} as const;

/** Address of a blank issue form. */
export function issueFormUrl(form: keyof typeof ISSUE_FORMS): string {
  return `${REPOSITORY_URL}/issues/new?template=${ISSUE_FORMS[form]}`;
}

/**
 * Address of the "dispute this class" form, prefilled. The query keys are the
 * `id`s of the form's fields (`server`, `tool`, `current-class`), which is how
 * GitHub prefills issue forms.
 * @param server record id, e.g. `filesystem`
 * @param tool tool name, e.g. `write_file`
 * @param currentClass the tool's base class, e.g. `R4`
 */
export function disputeUrl(server: string, tool: string, currentClass: string): string {
  const query = new URLSearchParams({
    template: ISSUE_FORMS.dispute,
    title: `Class of ${server} / ${tool} (now ${currentClass})`,
    server,
    tool,
    'current-class': currentClass,
  });
  return `${REPOSITORY_URL}/issues/new?${query.toString()}`;
}
