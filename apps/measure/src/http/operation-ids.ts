const pascal = (word: string) =>
  word
    .split(/[-_]/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * The OpenAPI operationId of a route, derived from its method and URL so that no route can be added
 * without one and no two documented routes share one: `GET /api/recipes/:recipe_id/versions` →
 * `getRecipesByRecipeIdVersions`, `GET /api/files/*` → `getFilesByPath`. Client generators name
 * their functions after it. A trailing slash makes no difference (only one of the two is documented).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return 'ByPath';
      return segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment);
    });
  return method.toLowerCase() + words.join('');
}
