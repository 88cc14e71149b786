import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import type { ApiAnswer, Recipe, RecipeVersionSummary } from '../api/types';

export interface VersionWithCount extends RecipeVersionSummary {
  measurement_count: number | null;
}

export function useRecipe(recipeId: number) {
  return useQuery({ queryKey: ['recipe', recipeId], queryFn: () => api<Recipe>(`/recipes/${recipeId}`) });
}

/** Versions newest first, each with its measurement count (the count decides whether an edit forks a version). */
export function useVersions(recipeId: number) {
  return useQuery({
    queryKey: ['recipe', recipeId, 'versions'],
    queryFn: async (): Promise<VersionWithCount[]> => {
      const versions = await api<RecipeVersionSummary[]>(`/recipes/${recipeId}/versions`);
      const counted = await Promise.all(
        versions.map(async (version) => {
          try {
            const count = await api<ApiAnswer<'getRecipesByRecipeIdVersionsByVersionNumberMeasurementCount'>>(
              `/recipes/${recipeId}/versions/${version.version_number}/measurement-count`,
            );
            return { ...version, measurement_count: count.measurement_count };
          } catch {
            return { ...version, measurement_count: null };
          }
        }),
      );
      return counted.sort((a, b) => b.version_number - a.version_number);
    },
  });
}

/** After any edit: the recipe (new ids when a version was forked) and its history. */
export function useRefreshRecipe(recipeId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['recipe', recipeId] });
}
