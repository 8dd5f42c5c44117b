// The address of the last trip search, so "Back" on a trip returns to the same results.
let lastSearch = '/create-booking';

export const rememberSearch = (url: string) => {
  lastSearch = url;
};

export const lastSearchUrl = () => lastSearch;
