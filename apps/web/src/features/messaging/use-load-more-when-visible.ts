import { useEffect, useRef } from 'react';

type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * A ref for an element at the end of a paged list (the conversations' bottom, a thread's top):
 * while it is on screen and the query has more, the next page is fetched.
 */
export function useLoadMoreWhenVisible({ hasNextPage, isFetchingNextPage, fetchNextPage }: PagedQuery) {
  const marker = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = marker.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return marker;
}
