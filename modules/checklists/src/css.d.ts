/** Stylesheets are bundled by rspack's css/auto rule; importing one only adds it to the page. */
declare module '*.css'
