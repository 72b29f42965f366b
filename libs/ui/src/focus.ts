// @marketplace/ui/focus-trap: the focus trap and the small-screen menus built on it. An entry of its own,
// shared like the others but loaded only by lazy chunks (a dialog, the signed-in layout, the chat) and by
// the public header after the first paint: focus-trap and tabbable stay out of the first view.
export { useFocusTrap, type FocusTrapOptions } from './focus-trap';
export { MenuPanelTrap, useMenuPanel } from './menu-panel';
