import Geometry
import TouchSim

/// A small scene built in code, shown when no scene file is given and `Scenes/tour.yaml` is missing.
public enum DemoScene {
  public static var scene: Scene {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
    root.color = "#F2F2F7"
    root.controller = "RootVC"

    var card = ViewSpec(id: "card", frame: Rect(24, 120, 342, 260))
    card.color = "#4C8BF5"
    var cardTap = RecognizerSpec(id: "cardTap", kind: .tap)
    cardTap.numberOfTapsRequired = 1
    card.recognizers = [cardTap]

    var buy = ViewSpec(id: "buy", kind: .button, frame: Rect(96, 180, 150, 50))
    buy.color = "#FFFFFF"
    buy.text = "Buy"
    card.subviews = [buy]

    var caption = ViewSpec(id: "caption", kind: .label, frame: Rect(24, 400, 342, 40))
    caption.text = "Tap the card, then the button"
    caption.color = "#FFFFFF"

    var hiddenBadge = ViewSpec(id: "badge", frame: Rect(300, 90, 60, 24))
    hiddenBadge.hidden = true

    var list = ViewSpec(id: "list", kind: .scroll, frame: Rect(24, 470, 342, 300))
    list.color = "#E5E5EA"
    list.bounds.origin = Point(0, 40)
    list.scroll = ScrollSpec(contentSize: Size(342, 600))
    list.subviews = (0..<6).map { i in
      var row = ViewSpec(id: "row\(i)", frame: Rect(12, 12 + Double(i) * 84, 318, 72))
      row.color = i % 2 == 0 ? "#34C759" : "#FF9500"
      row.text = "Row \(i)"
      return row
    }

    var tilted = ViewSpec(id: "tilted", frame: Rect(270, 790, 90, 36))
    tilted.color = "#AF52DE"
    tilted.transform = TransformSpec(rotation: 12)

    root.subviews = [card, caption, hiddenBadge, list, tilted]
    var scene = Scene(root: root)
    scene.title = "Built-in demo (no Scenes/tour.yaml found)"
    return scene
  }
}
