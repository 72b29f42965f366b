// Async boundary: Module Federation must set up the shared scope (react, the router, ...) before
// any code that imports a shared module runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
