// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/imagepreview.h"

#include <QPainter>

namespace cm::ui {

ImagePreview::ImagePreview(QWidget *parent)
    : QWidget(parent)
{
    setMinimumSize(320, 220);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void ImagePreview::setImage(const QImage &image)
{
    m_image = image;
    m_text.clear();
    update();
}

void ImagePreview::setText(const QString &text)
{
    m_image = QImage();
    m_text = text;
    update();
}

void ImagePreview::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().window().color().darker(108));
    if (m_image.isNull()) {
        p.setPen(palette().text().color());
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, m_text);
        return;
    }
    const QRect area = rect().adjusted(6, 6, -6, -6);
    QSize s = m_image.size();
    s.scale(area.size(), Qt::KeepAspectRatio);
    const QRect target(area.left() + (area.width() - s.width()) / 2, area.top() + (area.height() - s.height()) / 2,
        s.width(), s.height());
    p.setRenderHint(QPainter::SmoothPixmapTransform, true);
    p.drawImage(target, m_image);
}

} // namespace cm::ui
