// Mantine's PostCSS preset plus its breakpoints as variables ($mantine-breakpoint-md, …).
module.exports = {
  plugins: {
    "postcss-preset-mantine": {},
    "postcss-simple-vars": {
      variables: {
        "mantine-breakpoint-xs": "21.25em",
        "mantine-breakpoint-sm": "33.75em",
        "mantine-breakpoint-md": "50em",
        "mantine-breakpoint-lg": "80em",
        "mantine-breakpoint-xl": "96em",
      },
    },
  },
};
