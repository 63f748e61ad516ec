import CGtk
import ReuseGTK
import ReuseKit
import XCTest

/// GDK's keyvals as the core names them: the keypad's keys stand for the keys they are
/// labelled with, and Shift-Tab arrives as its own keyval.
final class KeyTranslationTests: XCTestCase {
  private func key(_ keyval: Int32, _ state: GdkModifierType = GdkModifierType(0)) -> KeyPress? {
    KeyPress(keyval: guint(keyval), state: state)
  }

  func testTheKeypadNamesTheKeysItIsLabelledWith() {
    let pairs: [(Int32, Int32)] = [
      (GDK_KEY_KP_Enter, GDK_KEY_Return), (GDK_KEY_KP_Up, GDK_KEY_Up),
      (GDK_KEY_KP_Down, GDK_KEY_Down), (GDK_KEY_KP_Left, GDK_KEY_Left),
      (GDK_KEY_KP_Right, GDK_KEY_Right), (GDK_KEY_KP_Page_Up, GDK_KEY_Page_Up),
      (GDK_KEY_KP_Page_Down, GDK_KEY_Page_Down), (GDK_KEY_KP_Home, GDK_KEY_Home),
      (GDK_KEY_KP_End, GDK_KEY_End), (GDK_KEY_KP_Delete, GDK_KEY_Delete),
    ]
    for (keypad, main) in pairs {
      XCTAssertNotNil(key(main), "keyval \(main)")
      XCTAssertEqual(key(keypad), key(main), "keypad keyval \(keypad)")
    }
    XCTAssertEqual(key(GDK_KEY_KP_Enter)?.key, .enter)
  }

  func testShiftTabIsTabWithShift() {
    XCTAssertEqual(key(GDK_KEY_ISO_Left_Tab), KeyPress(.tab, modifiers: .shift))
    XCTAssertEqual(key(GDK_KEY_Tab, GDK_SHIFT_MASK), KeyPress(.tab, modifiers: .shift))
    XCTAssertEqual(key(GDK_KEY_Tab), KeyPress(.tab))
    XCTAssertEqual(key(GDK_KEY_Escape), KeyPress(.escape))
    XCTAssertEqual(key(GDK_KEY_BackSpace), KeyPress(.backspace))
    // A printable key carries its Shift in itself; Control stays.
    XCTAssertEqual(key(0x53, GDK_SHIFT_MASK), KeyPress(.character("S")))
    XCTAssertEqual(key(0x73, GDK_CONTROL_MASK), KeyPress(.character("s"), modifiers: .control))
    // A key the core has no name for.
    XCTAssertNil(key(GDK_KEY_F5))
  }
}
