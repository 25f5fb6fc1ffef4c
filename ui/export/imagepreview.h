// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A chart preview: the image scaled to fit (aspect kept) whenever the widget resizes,
// or a line of text while there is none.
#include <QImage>
#include <QWidget>

namespace cm::ui {

class ImagePreview : public QWidget {
    Q_OBJECT
public:
    explicit ImagePreview(QWidget *parent = nullptr);
    void setImage(const QImage &image);
    void setText(const QString &text);
    QImage image() const { return m_image; }
    QSize sizeHint() const override { return {640, 420}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QImage m_image;
    QString m_text;
};

} // namespace cm::ui
