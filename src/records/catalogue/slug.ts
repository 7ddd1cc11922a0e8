/**
 * A catalogue package's file name and page segment (issue 25 item 4).
 * Browser-safe.
 */

/**
 * A package's slug: its name with the scope's `@` dropped and `/` as `--`
 * (`@21st-dev/magic` → `21st-dev--magic`), so every listing is one flat file and one page.
 */
export function catalogueSlug(name: string): string {
  return name.replace(/^@/, '').replace('/', '--');
}
